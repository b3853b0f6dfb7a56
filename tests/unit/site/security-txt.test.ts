import { test } from "uvu";
import * as assert from "uvu/assert";
import { securityTxt } from "../../../src/site/security-txt.ts";
import { content, handModel, profile, siteConfig } from "../support/model.ts";

const buildTime = new Date("2026-11-20T00:00:00Z");

test("should publish no security.txt when the profile gives no contact", () => {
  assert.is(securityTxt(handModel({ config: siteConfig({ buildTime }) })), null);
});

test("should write the RFC 9116 fields from the profile, expiring 180 days after the build", () => {
  const model = handModel({
    config: siteConfig({ buildTime, baseUrl: "https://owner.example/portfolio" }),
    content: content({
      profile: {
        ...profile,
        security: {
          contact: ["mailto:security@owner.example", "https://owner.example/report"],
          preferred_languages: ["en", "de"],
          policy: "https://owner.example/policy",
        },
      },
    }),
  });
  const lines = (securityTxt(model) ?? "").split("\n");
  assert.ok(lines[0]?.startsWith("# "), "a comment first");
  assert.equal(lines.slice(1).filter(Boolean), [
    "Contact: mailto:security@owner.example",
    "Contact: https://owner.example/report",
    "Expires: 2027-05-19T00:00:00Z",
    "Preferred-Languages: en, de",
    "Policy: https://owner.example/policy",
    "Canonical: https://owner.example/portfolio/.well-known/security.txt",
  ]);
});

test("should expire at the end of 9999 at the latest, a date RFC 3339 can write", () => {
  // Before: SOURCE_DATE_EPOCH at the end of 9999 (which the build takes) gave "Expires: +010000-06-28T23:59:59Z".
  const model = handModel({
    config: siteConfig({ buildTime: new Date("9999-12-31T23:59:59Z") }),
    content: content({ profile: { ...profile, security: { contact: ["mailto:security@owner.example"] } } }),
  });
  const expires = (securityTxt(model) ?? "").split("\n").filter((line) => line.startsWith("Expires:"));
  assert.equal(expires, ["Expires: 9999-12-31T23:59:59Z"]);
});

test("should keep a line break in the site's title from starting a field of its own", () => {
  const config = siteConfig({ buildTime });
  const model = handModel({
    config: { ...config, site: { ...config.site, title: "Margo\nContact: https://attacker.example/" } },
    content: content({ profile: { ...profile, security: { contact: ["mailto:security@owner.example"] } } }),
  });
  const contacts = (securityTxt(model) ?? "").split("\n").filter((line) => line.startsWith("Contact:"));
  assert.equal(contacts, ["Contact: mailto:security@owner.example"]);
});

test.run();
