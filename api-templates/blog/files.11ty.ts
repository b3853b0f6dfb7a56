// Every blog file of the route table: index, lists, posts, tags, feeds (also per tag), badges, schemas, posts.txt.
import { blogApi } from "../../src/api/blog/routes.ts";
import { routeFilesTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = routeFilesTemplate(blogApi, "blog");
