import { test } from "uvu";
import * as assert from "uvu/assert";
import { availabilityText } from "../../../../src/model/portfolio-model.ts";
import { awardsPage, homePage, projectsPage, pullsPage } from "../../../../src/site/pages/portfolio-pages.ts";
import { content, github, handModel, project, pull } from "../../support/model.ts";

// What a new owner's pages say with one project and nothing else: counts in words that agree
// with their number, and no heading or table above nothing.

/** The page's text without tags or runs of blanks. */
const text = (page: string) =>
  page
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const oneDomain = content().domains.slice(0, 1);
const newOwner = handModel({ content: content({ domains: oneDomain, projects: [project({ name: "solo" })] }) });

test("should count one project and one domain in the singular", () => {
  assert.match(text(projectsPage(newOwner)), "1 project in 1 domain.");
  assert.match(text(homePage(newOwner)), "All projects (1)");
  assert.not.match(text(homePage(newOwner)), "1 projects");
});

test("should name a card's domain on the home page, not again under the domain's own heading", () => {
  // Before: each card of the projects page repeated the heading above it ("One" under "One").
  const footer = (page: string) => /<p class="card-footer">(.*?)<\/p>/.exec(page)?.[1] ?? "";

  assert.match(footer(homePage(newOwner)), "<span>One</span>");
  assert.not.match(footer(projectsPage(newOwner)), "One");
  assert.match(footer(projectsPage(newOwner)), "<span>C</span>");
});

test("should say there are no pull requests instead of zeros above an empty table", () => {
  const page = pullsPage(newOwner);
  assert.match(text(page), "No pull requests to other people's projects yet.");
  assert.not.match(page, "<table");
  assert.not.match(text(page), "0 stars");
});

test("should count one pull request to one project, and stars, in words", () => {
  const model = handModel({
    github: github({}, [pull({ repo: "other/tool", number: 3, state: "merged", repoStars: 1 })]),
  });
  assert.match(
    text(pullsPage(model)),
    "1 pull request to 1 other project, 1 merged, reaching repositories with 1 star in all.",
  );
});

test("should say there are no awards yet", () => {
  assert.match(text(awardsPage(newOwner)), "No awards yet.");
});

test('should not repeat "Open to" when the owner\'s words already say it', () => {
  assert.is(
    availabilityText({ open: true, text: "Open to contract work from March" }),
    "Open to contract work from March",
  );
  assert.is(availabilityText({ open: true, text: "Rust and embedded roles" }), "Open to work: Rust and embedded roles");
  assert.is(availabilityText({ open: true, text: null }), "Open to work.");
  assert.is(availabilityText({ open: false, text: "Open to nothing" }), "Not looking for work right now.");
});

test.run();
