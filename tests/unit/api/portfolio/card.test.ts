import { test } from "uvu";
import * as assert from "uvu/assert";
import stringWidth from "string-width";
import { cardAnsi, cardText, groupFingerprint, wrap } from "../../../../src/api/portfolio/card.ts";
import type { ProfileFile } from "../../../../src/content/content-schemas.ts";
import { content, handModel, profile, pull, github } from "../../support/model.ts";
import { PGP_FINGERPRINT } from "../../support/content-tree.ts";

const ESCAPE = /\u001b\[[0-9;]*m/g;

function modelWith(changes: Partial<ProfileFile> = {}) {
  return handModel({
    content: content({ profile: { ...profile, ...changes }, pgp: { fingerprint: PGP_FINGERPRINT, armored: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n" } }),
    github: github({}, [pull({ repo: "a/b", number: 1, state: "merged" }), pull({ repo: "a/b", number: 2, state: "open" })]),
  });
}

const widths = (card: string) => card.replace(/\n$/, "").split("\n").map((line) => stringWidth(line));

test("should draw every line of the plain card with the same display width", () => {
  const card = cardText(modelWith());

  const lineWidths = widths(card);
  assert.ok(lineWidths.length > 10);
  assert.equal(new Set(lineWidths).size, 1, `line widths: ${lineWidths.join(", ")}`);
});

test("should keep the borders aligned when the name has wide characters", () => {
  const card = cardText(modelWith({ name: "马格丽特 Voss 🚀" }));

  assert.match(card, "马格丽特 Voss 🚀  @fixture-owner");
  assert.equal(new Set(widths(card)).size, 1, `line widths: ${widths(card).join(", ")}`);
});

test("should wrap a long headline onto several lines inside the box", () => {
  const headline = "Systems programmer building small, dependable tools for hospitals, crags and the offline edge, and more";

  const card = cardText(modelWith({ headline }));

  assert.match(card, "│  Systems programmer building small, dependable tools for");
  assert.match(card, "│  hospitals, crags and the offline edge, and more");
  assert.equal(new Set(widths(card)).size, 1);
});

test("should list the links, the grouped fingerprint and the counts", () => {
  const card = cardText(modelWith());

  assert.match(card, "site     https://fixture.example/");
  assert.match(card, "api      https://fixture.example/api/v1/index.json");
  assert.match(card, "pgp      DFD5 C748 40C8 0C23 36B0 8929 4FAF 1A7D C53A 6CCF");
  assert.match(card, "1 project · 2 domains · 1 merged upstream pull request");
  assert.match(card, "Open to work");
});

test("should colour the ANSI card with 24-bit escapes", () => {
  const card = cardAnsi(modelWith());

  assert.match(card, "\u001b[38;2;");
  assert.match(card, "\u001b[1;38;2;255;203;107mFixture Owner\u001b[0m");
});

test("should give the plain card once the escapes are stripped from the ANSI card", () => {
  const model = modelWith({ name: "马格丽特 Voss 🚀" });

  const ansi = cardAnsi(model);

  assert.is(ansi.replace(ESCAPE, ""), cardText(model));
});

test("should group a fingerprint in blocks of four", () => {
  const grouped = groupFingerprint(PGP_FINGERPRINT);

  assert.is(grouped, "DFD5 C748 40C8 0C23 36B0 8929 4FAF 1A7D C53A 6CCF");
});

test("should cut a word wider than the line by display width", () => {
  const lines = wrap("ab 🚀🚀🚀🚀", 5);

  assert.equal(lines, ["ab", "🚀🚀", "🚀🚀"]);
});

test.run();
