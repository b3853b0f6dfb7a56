import { validate } from "@octokit/graphql-schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LIST_REPOSITORIES_QUERY } from "../../../src/init/list-repositories.ts";

test("should list repositories with a query that GitHub's published schema accepts", () => {
  assert.equal(validate(LIST_REPOSITORIES_QUERY).map(String), []);
});

test("should be caught by the schema check when a field name is misspelt", () => {
  assert.ok(validate(LIST_REPOSITORIES_QUERY.replace("stargazerCount", "stargazersCount")).length > 0);
});

test.run();
