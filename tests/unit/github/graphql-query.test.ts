import { validate } from "@octokit/graphql-schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildQuery, pullsSearch } from "../../../src/github/live-github.ts";

const repositories = [
  { owner: "margo-voss", name: "kestrel-os" },
  { owner: "climbing-coop", name: "topo-press" },
  { owner: "margo-voss", name: "hl7.lint" },
];

test("should build a repository-and-pulls query that GitHub's published schema accepts", () => {
  const errors = validate(buildQuery({ repositories, pulls: true }));

  assert.equal(errors.map(String), []);
});

test("should build a repositories-only query and a pulls-only query that the schema accepts", () => {
  const errors = [
    ...validate(buildQuery({ repositories, pulls: false })),
    ...validate(buildQuery({ repositories: [], pulls: true })),
  ];

  assert.equal(errors.map(String), []);
});

test("should be caught by the schema check when a field name is misspelt", () => {
  const broken = buildQuery({ repositories, pulls: true }).replace(
    "stargazerCount pushedAt",
    "stargazersCount pushedAt",
  );

  assert.ok(validate(broken).length > 0);
});

test("should alias each repository once and quote names with dots", () => {
  const query = buildQuery({ repositories, pulls: false });

  assert.match(query, 'r0: repository(owner: "margo-voss", name: "kestrel-os")');
  assert.match(query, 'r2: repository(owner: "margo-voss", name: "hl7.lint")');
  assert.not.match(query, "search(");
});

test("should search only public pull requests by the owner outside their own repositories", () => {
  assert.is(pullsSearch("margo-voss"), "is:pr is:public author:margo-voss -user:margo-voss sort:created-desc");
});

test("should ask whether each repository, and each pull request's repository, is private", () => {
  const query = buildQuery({ repositories, pulls: true });

  assert.match(query, "fragment RepositoryFacts on Repository { nameWithOwner isPrivate ");
  assert.match(query, "repository { nameWithOwner isPrivate ");
});

test.run();
