import { test } from "uvu";
import * as assert from "uvu/assert";
import { fromSnapshot, repositoryKey } from "../../../src/github/github-data.ts";
import type { SnapshotFile } from "../../../src/github/snapshot.ts";

const snapshot: SnapshotFile = {
  fetched_at: "2026-11-20T03:12:00Z",
  repositories: { "Margo-Voss/PeakLog": { stars: 538, pushed_at: "2026-11-14T17:09:03Z" } },
  pulls: [
    {
      repo: "python/cpython",
      number: 7,
      title: "Fix",
      state: "merged",
      url: "https://github.com/python/cpython/pull/7",
      created: "2025-04-02",
      repo_stars: 65000,
    },
  ],
};

test("should key repositories by owner/name in lower case", () => {
  const key = repositoryKey({ owner: "Margo-Voss", name: "PeakLog" });

  assert.is(key, "margo-voss/peaklog");
});

test("should map snapshot repositories and pulls into the model's shape", () => {
  const data = fromSnapshot(snapshot, [{ owner: "margo-voss", name: "peaklog" }]);

  assert.equal(data.repositories.get("margo-voss/peaklog"), { stars: 538, pushedAt: "2026-11-14T17:09:03Z" });
  assert.equal(data.pulls, [
    {
      repo: "python/cpython",
      number: 7,
      title: "Fix",
      state: "merged",
      url: "https://github.com/python/cpython/pull/7",
      created: "2025-04-02",
      repoStars: 65000,
    },
  ]);
});

test("should say in the notes that the figures come from the snapshot and when it was taken", () => {
  const data = fromSnapshot(snapshot, [{ owner: "margo-voss", name: "PeakLog" }]);

  assert.match(data.notes.repositories ?? "", "2026-11-20T03:12:00Z");
  assert.not.match(data.notes.repositories ?? "", "No data for");
  assert.match(data.notes.pulls ?? "", "2026-11-20T03:12:00Z");
});

test("should name every wanted repository the snapshot lacks", () => {
  const wanted = [
    { owner: "margo-voss", name: "PeakLog" },
    { owner: "margo-voss", name: "ghost" },
    { owner: "org", name: "gone" },
  ];

  const data = fromSnapshot(snapshot, wanted);

  assert.match(data.notes.repositories ?? "", "No data for margo-voss/ghost, org/gone");
});

test("should give no repositories and no pulls without a snapshot", () => {
  const data = fromSnapshot(null, [{ owner: "a", name: "b" }]);

  assert.is(data.repositories.size, 0);
  assert.equal(data.pulls, []);
  assert.match(data.notes.repositories ?? "", "No data for a/b");
});

test.run();
