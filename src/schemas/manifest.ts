import { Type, type Static } from "@sinclair/typebox";
import { WEB_URL_PATTERN } from "../util/safe-url.ts";
import { SITE_PATH_PATTERN } from "./common.ts";

/** A SHA-256 digest as 64 lowercase hexadecimal digits, as `sha256sum` prints it. */
const Sha256 = (description: string) =>
  Type.String({
    pattern: "^[0-9a-f]{64}$",
    description,
    examples: ["9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
  });

/** One file of an API as the manifest lists it. */
export const ManifestFile = Type.Object(
  {
    path: Type.String({
      pattern: SITE_PATH_PATTERN,
      description:
        "Path relative to the site's base URL, as in `url`: a name in it is percent-encoded (`C++` as `C%2B%2B`); the file a host serves for it has the decoded name",
      examples: ["/api/v1/projects/bramble.json"],
    }),
    url: Type.String({ pattern: WEB_URL_PATTERN, description: "Absolute URL of the file" }),
    type: Type.String({
      description: "Media type the file is described with in the OpenAPI document",
      examples: ["application/json"],
    }),
    bytes: Type.Integer({ minimum: 0, description: "Size of the file as served, in bytes" }),
    sha256: Sha256(
      "SHA-256 of the exact bytes served: changes with every build for an envelope file, whose meta.generated changes",
    ),
    contentSha256: Sha256(
      "SHA-256 of what the file says without the build's own metadata: for an envelope file, of `data` serialized canonically (RFC 8785, JCS); for a raw file, of its bytes. It stays the same across builds while the resource does not change",
    ),
  },
  { description: "One file of the API" },
);
export type ManifestFile = Static<typeof ManifestFile>;

/** The manifest's payload: every other file of its API, with digests a client syncs by. */
export const Manifest = Type.Object(
  {
    files: Type.Array(ManifestFile, { description: "Every file of this API except this manifest, by path" }),
    sha256: Sha256(
      "SHA-256 of the lines `{sha256}  {path}\\n` of every file, in list order: changes when any byte of any file changes",
    ),
    contentSha256: Sha256(
      "SHA-256 of the lines `{contentSha256}  {path}\\n` of every file, in list order: the one value to poll, unchanged while no file's content changes",
    ),
  },
  { description: "Every file of the API with its size and digests, to mirror the API by fetching only what changed." },
);
export type Manifest = Static<typeof Manifest>;
