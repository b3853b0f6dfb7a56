import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Uri, UriString } from "../common.ts";

export const Pgp = Type.Object(
  {
    fingerprint: Type.String({
      pattern: "^[0-9A-F]{40}$|^[0-9A-F]{64}$",
      description: "Fingerprint of the public key, computed from the key at build time (uppercase hex, no spaces)",
    }),
    key_url: Uri("The ASCII-armored public key file"),
    armored: Type.String({ description: "The ASCII-armored public key itself" }),
  },
  { description: "The owner's OpenPGP public key." },
);

export const Profile = Type.Object(
  {
    name: Type.String({ description: "Full name" }),
    handle: Type.String({ description: "Handle used online" }),
    headline: Type.String({ description: "One-line headline" }),
    summary: Type.String({ description: "A paragraph about the owner" }),
    focus: Type.String({ description: "What they focus on now" }),
    certifications: Type.Array(Type.String(), { description: "Certifications held" }),
    open_to_work: Type.Object(
      {
        open: Type.Boolean({ description: "Whether they are open to work" }),
        text: Nullable(Type.String(), "Details, or null"),
      },
      { description: "Availability." },
    ),
    links: Type.Object(
      {
        site: Uri("This site"),
        blog: Uri("The blog"),
        api: Uri("The portfolio API index"),
        github: Uri("Profile on the code host"),
        itch: Uri("Profile on itch.io"),
      },
      { description: "Where to find the owner." },
    ),
    contact: Type.Object(
      {
        form: UriString("web-or-mail", { description: "Contact form" }),
        discord: Type.String({ description: "Discord user name" }),
        irc: Type.Object(
          {
            network: Type.String({ description: "IRC network" }),
            nick: Type.String({ description: "Nick on that network" }),
            how: Type.String({ description: "How to reach them there" }),
            web_client: Uri("A web client for that network"),
          },
          { description: "IRC contact." },
        ),
      },
      { description: "How to get in touch." },
    ),
    pgp: Nullable(Pgp, "OpenPGP public key, or null when none is published"),
  },
  { description: "Who the owner is and how to reach them." },
);
export type Profile = Static<typeof Profile>;
