import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { Cover } from "../blog/posts.ts";
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

/** Names of well-known profiles as people write them; any other link shows its name as written. */
const LINK_LABELS: Readonly<Record<string, string>> = {
  github: "GitHub",
  gitlab: "GitLab",
  codeberg: "Codeberg",
  itch: "itch.io",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  twitch: "Twitch",
  stackoverflow: "Stack Overflow",
};

/** The readable label of a profile link: `itch` → "itch.io", an unknown name as written. */
export function linkLabel(name: string): string {
  return LINK_LABELS[name] ?? name;
}

/** The owner's profiles elsewhere in a profile's `links` (all but the site's own), in order, with labels. */
export function profileLinks(links: Profile["links"]): { name: string; label: string; url: string }[] {
  return Object.entries(links)
    .filter(([name]) => name !== "site" && name !== "blog" && name !== "api")
    .map(([name, url]) => ({ name, label: linkLabel(name), url }));
}

/** The links every site publishes, made by the build from site.yaml. */
const siteLinks = {
  site: Uri("This site"),
  blog: Uri("The blog"),
  api: Uri("The portfolio API index"),
  github: Uri("Profile on the code host"),
};

/** The ways of getting in touch; each is published only when the owner gives it. */
const contactMethods = {
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
};
export type ContactMethod = keyof typeof contactMethods;
export const CONTACT_METHODS = Object.keys(contactMethods) as ContactMethod[];

/** Which links and contact methods one site publishes: what its Profile schema requires. */
export interface ProfileShape {
  /** The owner's link names, in their order (`github` may be among them). */
  links: readonly string[];
  contact: readonly ContactMethod[];
}

const profileFields = <L extends TSchema, C extends TSchema>(links: L, contact: C) => ({
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
  links,
  contact,
  pgp: Nullable(Pgp, "OpenPGP public key, or null when none is published"),
  photo: Nullable(
    Type.Object(Cover.properties, { description: "The owner's photo (profile.yaml's), as the home page shows it." }),
    "The owner's photo, or null when none is published",
  ),
});
const PROFILE_DESCRIPTION = "Who the owner is and how to reach them.";
const LINKS_DESCRIPTION = "Where to find the owner.";
const CONTACT_DESCRIPTION = "How to get in touch.";

/**
 * The Profile of every site: the site's own links, any other profile links, any contact
 * methods. Each site's OpenAPI document and schema files carry `profileSchema` of its content
 * instead, which names exactly the keys that site publishes.
 */
export const Profile = Type.Object(
  profileFields(
    Type.Object(siteLinks, { description: LINKS_DESCRIPTION, additionalProperties: Uri("A profile elsewhere") }),
    Type.Partial(Type.Object(contactMethods, { description: CONTACT_DESCRIPTION })),
  ),
  { description: PROFILE_DESCRIPTION },
);
export type Profile = Static<typeof Profile> & { links: Record<string, string> };

/** The Profile of one site: the links and contact methods it publishes are its required fields. */
export function profileSchema(shape: ProfileShape): TSchema {
  const own = shape.links.filter((name) => !(name in siteLinks));
  return Type.Object(
    profileFields(
      Type.Object(
        {
          ...siteLinks,
          ...Object.fromEntries(own.map((name) => [name, Uri(`Profile on ${linkLabel(name)}`)])),
        },
        { description: LINKS_DESCRIPTION },
      ),
      Type.Object(
        Object.fromEntries(CONTACT_METHODS.filter((m) => shape.contact.includes(m)).map((m) => [m, contactMethods[m]])),
        { description: CONTACT_DESCRIPTION },
      ),
    ),
    { description: PROFILE_DESCRIPTION },
  );
}
