// `npm run api:check`: builds the site into a temp folder and compares every OpenAPI document it
// publishes with the committed baseline in api-baseline/; exits 1 on a change that breaks v1
// clients. `npm run api:baseline` (--update) records the new documents after an additive release.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { blogApi } from "../src/api/blog/routes.ts";
import { portfolioApi } from "../src/api/portfolio/routes.ts";
import { serializeJson } from "../src/api/render-file.ts";
import { compareOpenApi, type ApiChange } from "../src/checks/api-compat.ts";
import { ContentError } from "../src/content/content-error.ts";
import { displayPath, readJson as readContentJson } from "../src/content/read-files.ts";
import { isObject } from "../src/util/is-object.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const { values } = parseArgs({
  options: {
    update: { type: "boolean", default: false },
    "allow-breaking": { type: "boolean", default: false },
    site: { type: "string" },
    baseline: { type: "string" },
  },
});
const baselineDir = values.baseline ? resolve(values.baseline) : join(repoRoot, "api-baseline");

/**
 * The route tables behind the documents, for the paths that only exist when the content has
 * something for them (`/pgp.asc` needs a key). Another API adds its definition here.
 */
const definitions: Record<string, { routes: readonly { path: string; available?: unknown }[] }> = {
  "api/openapi.json": portfolioApi,
  "blog/api/openapi.json": blogApi,
};

function contentDependentPaths(document: string): string[] {
  return (definitions[document]?.routes ?? []).filter((route) => route.available).map((route) => route.path);
}

/** Every published OpenAPI document under a folder: `api/openapi.json`, `blog/api/openapi.json`, ... */
function openApiDocuments(dir: string, root: string = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return openApiDocuments(full, root);
      const file = relative(root, full).split(sep).join("/");
      return /(^|\/)api\/openapi\.json$/.test(file) ? [file] : [];
    })
    .sort();
}

/** Builds the site as `npm run build` does, without GitHub calls: the shape does not depend on live data. */
function buildSite(): string {
  const outDir = mkdtempSync(join(tmpdir(), "folio-api-check-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("GITHUB_")) delete env[name];
  const build = spawnSync(process.execPath, [join(repoRoot, "scripts/build.mjs"), `--output=${outDir}`, "--quiet"], {
    cwd: repoRoot,
    env,
    encoding: "utf8",
  });
  if (build.status !== 0) {
    process.stderr.write(build.stdout + build.stderr);
    rmSync(outDir, { recursive: true, force: true });
    console.error("api:check: the build failed, so there is nothing to compare");
    process.exit(1);
  }
  return outDir;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

/**
 * A committed baseline is untrusted like content: a link (to /dev/zero took 17 GB of memory), a
 * FIFO (a hang), bad JSON (a stack trace) or JSON that is no OpenAPI document (`null` passed as
 * "no breaking change") is the problem in one line, and exit 1.
 */
function readBaseline(file: string): unknown {
  try {
    const document = readContentJson(file);
    if (isObject(document) && typeof document.openapi === "string" && isObject(document.paths)) return document;
    throw new ContentError([
      { file: displayPath(file), field: "(file)", expected: "an OpenAPI document (openapi and paths)" },
    ]);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`${error.message}\napi:check: nothing to compare with; npm run api:baseline records it again`);
    if (!values.site) rmSync(siteDir, { recursive: true, force: true });
    process.exit(1);
  }
}
const line = (change: ApiChange) => `  ${change.breaking ? "✗" : "+"} ${change.where}: ${change.what}`;

const siteDir = values.site ? resolve(values.site) : buildSite();
let breaking = 0;
try {
  const built = openApiDocuments(siteDir);
  const baseline = openApiDocuments(baselineDir);
  for (const document of baseline.filter((file) => !built.includes(file))) {
    breaking += 1;
    console.log(`api:check ${document}: ✗ in the baseline but no longer built (a whole API removed)`);
  }
  for (const document of built) {
    const baselineFile = join(baselineDir, document);
    if (!existsSync(baselineFile)) {
      console.log(`api:check ${document}: new, not in the baseline (an addition)`);
      continue;
    }
    const changes = compareOpenApi(readBaseline(baselineFile), readJson(join(siteDir, document)), {
      contentDependentPaths: contentDependentPaths(document),
    });
    const broken = changes.filter((change) => change.breaking);
    breaking += broken.length;
    const summary = broken.length > 0 ? `${broken.length} breaking change(s)` : "no breaking change";
    console.log(
      `api:check ${document}: ${summary} against api-baseline/${document} (${changes.length - broken.length} compatible)`,
    );
    for (const change of [...broken, ...changes.filter((c) => !c.breaking)]) console.log(line(change));
  }

  if (breaking > 0) {
    console.log(
      "\nWithin v1, changes may only add things: no path, field or value a client relies on may go." +
        '\nShip a change of the code under /api/v2/ and keep v1 as it is (docs/recipes.md, "Versioning").' +
        "\nA change of your content (a profile link removed): to publish it anyway, breaking clients that" +
        "\nrelied on it, record it with npm run api:baseline -- --allow-breaking and commit api-baseline/.",
    );
  }
  if (values.update) {
    if (breaking > 0 && !values["allow-breaking"]) {
      console.log("api:baseline: not updated, because of the breaking changes above (--allow-breaking overrides)");
    } else {
      for (const document of baseline.filter((file) => !built.includes(file))) rmSync(join(baselineDir, document));
      for (const document of built) {
        const target = join(baselineDir, document);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, serializeJson(readJson(join(siteDir, document))));
        console.log(`api:baseline: wrote api-baseline/${document}`);
      }
      breaking = 0;
    }
  }
} finally {
  if (!values.site) rmSync(siteDir, { recursive: true, force: true });
}
process.exitCode = breaking > 0 ? 1 : 0;
