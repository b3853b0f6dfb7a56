import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyContent, removeDir, repoRoot } from "./support/build-site.ts";
import { startDevServer } from "./support/dev-server.ts";

// `npm start` listens on loopback only, unless the owner exposes the preview on purpose
// (FOLIO_DEV_HOST). Read from the kernel's socket table, so no packet leaves loopback. Where it
// listens does not hang on the content: each server previews the small second owner
// (tests/fixtures/other-owner), whose first build costs a fraction of the sample's.
const contentDir = copyContent(join(repoRoot, "tests/fixtures/other-owner"));
test.after(() => removeDir(contentDir));

/** The local addresses (as the kernel writes them in /proc/net/tcp*) of sockets listening on `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Field 1 is local address:port, field 3 the state; 0A is LISTEN.
      .filter((fields) => fields[3] === "0A" && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => (fields[1] ?? "").split(":")[0] ?? ""),
  );
}

const IPV4_LOOPBACK = "0100007F";
const ANY_IPV4 = "00000000";

test("should listen on 127.0.0.1 only by default", async () => {
  const server = await startDevServer("/api/v1/profile.json", { contentDir });
  try {
    const addresses = listeningAddresses(server.port);
    assert.ok(addresses.length > 0, "the server's socket is in the table");
    assert.equal([...new Set(addresses)], [IPV4_LOOPBACK]);
  } finally {
    await server.stop();
  }
});

test("should listen on every interface when FOLIO_DEV_HOST=0.0.0.0 says so", async () => {
  const server = await startDevServer("/api/v1/profile.json", {
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
