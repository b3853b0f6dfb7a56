import { test } from "uvu";
import * as assert from "uvu/assert";
import { portfolioKey } from "../../../src/model/portfolio-model.ts";
import { content, handModel, project, siteConfig } from "../support/model.ts";

/*
 * The key by which `npm start` keeps the files made from the portfolio model alone unrendered:
 * a new model of the same inputs keeps it, whatever the build's time; any change gives another.
 * Each model is compared with the one asked before it, as builds follow one another.
 */

const projects = (tagline: string) => content({ projects: [project({ name: "alpha", tagline })] });

test("should keep the key for the same inputs, whatever the build's time", () => {
  const first = portfolioKey(handModel({ content: projects("One") }));
  assert.is(portfolioKey(handModel({ content: projects("One") })), first);
  // A second later: the time pages show (`meta.generated`) moves, the model does not.
  const later = siteConfig({ buildTime: new Date(siteConfig().buildTime.getTime() + 1000) });
  assert.is(portfolioKey(handModel({ content: projects("One"), config: later })), first);
});

test("should change the key with a project, a post or the configuration", () => {
  const base = () => handModel({ content: projects("One") });
  for (const changed of [
    () => handModel({ content: projects("Two") }),
    () =>
      handModel({
        content: projects("One"),
        posts: [{ title: "A", url: "https://x.example/a", published: null, summary: "" }],
      }),
    () => handModel({ content: projects("One"), config: siteConfig({ baseUrl: "https://elsewhere.example" }) }),
  ]) {
    const before = portfolioKey(base());
    assert.is.not(portfolioKey(changed()), before);
  }
});

test.run();
