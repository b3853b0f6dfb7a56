// /.well-known/security.txt (RFC 9116), for security researchers and scanners; only when the
// profile gives a `security` contact.
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { paginatedOutput } from "../src/eleventy/paginated-output.ts";
import { outputFileOf, sitePaths } from "../src/config/site-paths.ts";
import { securityTxt } from "../src/site/security-txt.ts";

const template = paginatedOutput<PortfolioModel, PortfolioModel>({
  modelKey: "portfolio",
  items: (model) => (model.profile.security ? [model] : []),
  file: (model) => outputFileOf(model.config, sitePaths(model.config).securityTxt),
  render: (model) => securityTxt(model) ?? "",
});

export const data = template.data;
export const render = template.render;
