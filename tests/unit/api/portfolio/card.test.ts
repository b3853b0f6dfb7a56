import { test } from "uvu";
import * as assert from "uvu/assert";
import stringWidth from "string-width";
import { CARD_ACCENTS, cardAnsi, cardText, groupFingerprint, wrap } from "../../../../src/api/portfolio/card.ts";
import type { ProfileFile } from "../../../../src/content/content-schemas.ts";
import { content, handModel, profile, pull, github, siteConfig } from "../../support/model.ts";
import { PGP_FINGERPRINT } from "../../support/content-tree.ts";

const ESCAPE = /\u001b\[[0-9;]*m/g;

function modelWith(changes: Partial<ProfileFile> = {}) {
  return handModel({
    content: content({
      profile: { ...profile, ...changes },
      pgp: { fingerprint: PGP_FINGERPRINT, armored: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n" },
    }),
    github: github({}, [
      pull({ repo: "a/b", number: 1, state: "merged" }),
      pull({ repo: "a/b", number: 2, state: "open" }),
    ]),
  });
}

const widths = (card: string) =>
  card
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => stringWidth(line));

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
  const headline =
    "Systems programmer building small, dependable tools for hospitals, crags and the offline edge, and more";

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

test("should never cut a link, widening the card to the longest one", () => {
  const baseUrl = "https://a-rather-long-owner-name.github.io/portfolio";
  const card = cardText(handModel({ config: siteConfig({ baseUrl }), content: content({ profile }) }));

  assert.match(card, `api      ${baseUrl}/api/v1/index.json  │`);
  assert.equal(new Set(widths(card)).size, 1, `line widths: ${widths(card).join(", ")}`);
});

test("should colour the ANSI card's accents with 24-bit escapes, and leave values in the terminal's colour", () => {
  const card = cardAnsi(modelWith());

  const [r, g, b] = CARD_ACCENTS.name;
  assert.match(card, `\u001b[1;38;2;${r};${g};${b}mFixture Owner\u001b[0m`);
  assert.match(card, "\u001b[38;2;");
  // The values (here the site's URL) come with no escape of their own.
  assert.match(card, /m {0,9}https:\/\/fixture\.example\/ /);
  assert.not.match(card, /38;2;\d+;\d+;\d+mhttps:/);
});

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r, g, bl] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

test("should pick accents that read at 3:1 or more on a white and on a black terminal", () => {
  for (const [accent, rgb] of Object.entries(CARD_ACCENTS)) {
    for (const background of [
      [255, 255, 255],
      [0, 0, 0],
    ])
      assert.ok(
        contrast(rgb, background) >= 3,
        `${accent} on ${background.join(",")}: ${contrast(rgb, background).toFixed(2)}`,
      );
  }
});

test("should give the plain card once the escapes are stripped from the ANSI card", () => {
  const model = modelWith({ name: "马格丽特 Voss 🚀" });

  const ansi = cardAnsi(model);

  assert.is(ansi.replace(ESCAPE, ""), cardText(model));
});

/** Every way a value could drive or spoof a terminal: OSC title, clear screen, C1 CSI, a new line, a bidi override. */
const HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u009b2J\nFAKE LINE\u2028\u202e\u2066";
/** The card's own colour sequences: 24-bit foreground (bold for the name) and reset. */
const OWN_SGR = /\u001b\[(?:1;)?38;2;\d{1,3};\d{1,3};\d{1,3}m|\u001b\[0m/g;

function hostileModel() {
  return modelWith({
    name: `Owner${HOSTILE}`,
    handle: `handle${HOSTILE}`,
    headline: `Headline${HOSTILE}`,
    open_to_work: { open: true, text: `Text${HOSTILE}` },
    contact: {
      form: `https://fixture.example/contact/${HOSTILE}`,
      discord: `disc${HOSTILE}`,
      irc: { network: `Net${HOSTILE}`, nick: `nick${HOSTILE}`, how: "/msg x", web_client: "https://web.libera.chat/" },
    },
  });
}

test("should write no control, line-break or bidi character from any field to the plain card", () => {
  const card = cardText(hostileModel());

  assert.not.match(card, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  assert.match(card, "Headline]0;PWNED[2J2J FAKE LINE");
  assert.not.match(card, /^FAKE LINE/m);
  assert.equal(new Set(widths(card)).size, 1, `line widths: ${widths(card).join(", ")}`);
});

test("should keep exactly the ANSI card's own colour sequences when the fields carry escapes", () => {
  const model = hostileModel();

  const ansi = cardAnsi(model);

  assert.ok((ansi.match(OWN_SGR) ?? []).length > 20);
  assert.not.match(
    ansi.replace(OWN_SGR, ""),
    /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
  );
  assert.is(ansi.replace(OWN_SGR, ""), cardText(model));
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
