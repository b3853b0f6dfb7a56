// The blog API reference that every blog file's meta.docs names, generated from its openapi.json.
import { blogApi } from "../../src/api/blog/routes.ts";
import { docsPageTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = docsPageTemplate(blogApi, "blog");
