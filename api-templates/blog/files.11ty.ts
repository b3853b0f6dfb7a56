// Every blog file without path parameters: index, lists, site, stats, archive, feeds, posts.txt, openapi.json.
import { blogApi } from "../../src/api/blog/routes.ts";
import { singleFilesTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = singleFilesTemplate(blogApi, "blog");
