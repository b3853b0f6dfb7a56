import { test } from "uvu";
import * as assert from "uvu/assert";
import { fediverseHandle } from "../../../src/config/site-config.ts";

test("should read @name@host from a fediverse profile URL, and nothing from other links", () => {
  assert.is(fediverseHandle("https://social.example/@ilse"), "@ilse@social.example");
  assert.is(fediverseHandle("https://Mastodon.Social/@Margo_V/"), "@Margo_V@mastodon.social");
  for (const other of [
    "https://github.com/ilse",
    "http://social.example/@ilse",
    "https://social.example/@ilse/123",
    "https://social.example/users/ilse",
    'https://social.example/@il"se',
  ])
    assert.is(fediverseHandle(other), undefined, other);
});

test.run();
