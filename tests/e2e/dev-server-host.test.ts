import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyContent, removeDir, repoRoot } from "./support/build-site.ts";
import { listeningAddresses, PORT_SLOTS, startDevServer } from "./support/dev-server.ts";

// `npm start` listens on loopback only (dev-server.test.ts, on its server), unless the owner
// exposes the preview on purpose (FOLIO_DEV_HOST). Read from the kernel's socket table, so no
// packet leaves loopback. Where it listens does not hang on the content: the server previews the
// small second owner (tests/fixtures/other-owner), whose first build costs a fraction of the sample's.
const contentDir = copyContent(join(repoRoot, "tests/fixtures/other-owner"));
test.after(() => removeDir(contentDir));

const ANY_IPV4 = "00000000";

test("should listen on every interface when FOLIO_DEV_HOST=0.0.0.0 says so", async () => {
  const server = await startDevServer("/api/v1/profile.json", {
    slot: PORT_SLOTS.hostPreview,
    contentDir,
    env: { FOLIO_DEV_HOST: "0.0.0.0" },
  });
  try {
    assert.equal([...new Set(listeningAddresses(server.port))], [ANY_IPV4]);
  } finally {
    await server.stop();
  }
});

test.run();
