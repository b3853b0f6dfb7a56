import type { Domain, PortfolioModel, Project } from "../model/portfolio-model.ts";
import { countOf } from "../util/plural.ts";
import { accentFor, type OgCard } from "./og-image.ts";
import { pageUrls } from "./page-urls.ts";

/** One social image to write: its path inside the output folder and what it shows. */
export interface OgImageFile {
  /** Relative to the output folder, `/`-separated, e.g. `og/projects/kestrel-os.png`. */
  file: string;
  card: OgCard;
}

/** The site-wide image; the page layout links it as every page's default `og:image`. */

/** `8,117`: a fixed locale, so the image does not depend on the build machine's. */
const STARS = new Intl.NumberFormat("en-US");

/** Every social image of the portfolio: one per project (at the path of its `urls.og_image`) and the site's. */
export function ogImageFiles(model: PortfolioModel): OgImageFile[] {
  const { config, profile, stats } = model;
  const pages = pageUrls(config);
  // The address as people type it: host and base path, no scheme.
  const host = config.baseUrl.replace(/^https?:\/\//, "");
  // A file's place in the output folder is its URL's path without the base path, so the file is
  // always where the API's `og_image` says it is.
  const fileOf = (url: string) =>
    decodeURIComponent(pages.pathOf(url).slice(config.basePath.length).replace(/^\//, ""));

  const stars = (count: number) => `${STARS.format(count)} ${count === 1 ? "star" : "stars"}`;

  const projectCard = (project: Project, domain: Domain | undefined): OgCard => ({
    // The emoji is part of what the card says; the renderer leaves it out while the font has none.
    eyebrow: domain ? `${domain.emoji} ${domain.title}` : project.domainId,
    title: project.name,
    subtitle: project.tagline,
    badges: project.languages,
    highlight: stars(project.stars),
    byline: profile.name,
    host,
    accent: accentFor(project.domainId),
  });

  return [
    ...model.projects.map((project) => ({
      file: fileOf(pages.ogImage(project.name)),
      card: projectCard(project, model.domainById.get(project.domainId)),
    })),
    {
      file: fileOf(pages.siteOgImage),
      card: {
        eyebrow: "Portfolio",
        title: profile.name,
        subtitle: profile.headline,
        badges: [
          countOf(stats.projects, "project", "projects"),
          countOf(stats.domains, "domain", "domains"),
          countOf(stats.languages, "language", "languages"),
        ],
        highlight: stars(stats.starsTotal),
        byline: `@${profile.handle}`,
        host,
        accent: accentFor(profile.handle),
      },
    },
  ];
}
