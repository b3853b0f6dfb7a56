import { test } from "uvu";
import * as assert from "uvu/assert";
import { isSafeAbsoluteUrl, isSafeLink, WEB_OR_MAIL_URL_PATTERN, WEB_URL_PATTERN } from "../../../src/util/safe-url.ts";

test("should accept absolute http(s) URLs with a host", () => {
  for (const url of [
    "https://example.org/",
    "http://example.org/a?b=c#d",
    "HTTPS://EXAMPLE.ORG/x",
    "https://xn--bcher-kva.example/",
  ]) {
    assert.ok(isSafeAbsoluteUrl(url), url);
  }
});

test("should refuse other schemes however they are spelt", () => {
  for (const url of [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,x",
    "vbscript:x",
    "file:///etc/passwd",
    "ftp://example.org/",
  ]) {
    assert.not.ok(isSafeAbsoluteUrl(url), url);
    assert.not.ok(isSafeLink(url), url);
  }
});

test("should refuse credentials, a missing host and hosts not written after //", () => {
  for (const url of [
    "https://user:pw@example.org/",
    "https://user@example.org/",
    "https:///example.org/",
    "https:example.org",
    "https:\\\\example.org/",
    "https://",
    "https:// example.org",
  ]) {
    assert.not.ok(isSafeAbsoluteUrl(url), url);
  }
});

test("should refuse port 0, which no browser opens, and keep the others", () => {
  // Before: SITE_URL=https://a.example:0/ built a site whose every URL (canonical, sitemap, feeds) named it.
  assert.not.ok(isSafeAbsoluteUrl("https://a.example:0/"));
  assert.not.ok(isSafeAbsoluteUrl("http://a.example:00/x"));
  assert.ok(isSafeAbsoluteUrl("https://a.example:8443/"));
  assert.ok(isSafeAbsoluteUrl("http://localhost:8080/"));
});

test("should take mailto: only where a contact is meant", () => {
  assert.not.ok(isSafeAbsoluteUrl("mailto:me@example.org"));
  assert.ok(isSafeAbsoluteUrl("mailto:me@example.org", "web-or-mail"));
  assert.ok(isSafeLink("mailto:me@example.org"));
  assert.not.ok(isSafeLink("mailto:me@example.org", "web"));
  // Headers and more addresses would copy what is sent elsewhere, or put words in the owner's mouth.
  for (const mail of ["mailto:me@x.org?cc=a@y.org", "MAILTO:me@x.org?Bcc=a@y.org", "mailto:a@x.org,b@y.org"])
    assert.not.ok(isSafeAbsoluteUrl(mail, "web-or-mail") || isSafeLink(mail), mail);
  for (const mail of [
    "mailto:me@x.org%3Fbody=x",
    "mailto:me@x.org?subject=Hi%26cc=a@y.org",
    "mailto:?to=me@x.org",
    "mailto:",
  ])
    assert.not.ok(isSafeAbsoluteUrl(mail, "web-or-mail"), mail);
  // A subject only names the mail, as a post's "write to me about this" link does.
  assert.ok(isSafeAbsoluteUrl("mailto:me@x.org?subject=About%20your%20post", "web-or-mail"));
  assert.ok(isSafeLink("mailto:me@x.org?Subject=Hi"));
});

test("should accept relative links and refuse protocol-relative ones that smuggle a scheme or credentials", () => {
  for (const link of ["/blog/", "../x.png", "#top", "?q=1", "post.md", "//example.org/x"])
    assert.ok(isSafeLink(link), link);
  // Browsers read a backslash as a slash in http(s) URLs: these are protocol-relative.
  for (const link of ["/\\user:pw@evil.example/", "\\\\user@evil.example/", "//user:pw@evil.example/", "//"])
    assert.not.ok(isSafeLink(link), link);
});

test("should state the same schemes as patterns for the OpenAPI documents", () => {
  const web = new RegExp(WEB_URL_PATTERN);
  const mail = new RegExp(WEB_OR_MAIL_URL_PATTERN);
  assert.ok(web.test("https://example.org/") && web.test("HTTP://example.org/"));
  assert.not.ok(web.test("javascript:alert(1)") || web.test("mailto:me@example.org"));
  assert.ok(mail.test("mailto:me@example.org") && mail.test("https://example.org/"));
  assert.not.ok(mail.test("data:text/html,x"));
});

test.run();
