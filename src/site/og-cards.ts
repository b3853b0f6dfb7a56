import type { Domain, PortfolioModel, Project } from "../model/portfolio-model.ts";
import { countOf } from "../util/plural.ts";
import { accentFor, type OgCard } from "./og-image.ts";
import { outputFileOf, sitePaths } from "../config/site-paths.ts";

/** One social image to write: its path inside the output folder and what it shows. */
export interface OgImageFile {
  /** Relative to the output folder, `/`-separated, e.g. `og/projects/kestrel-os.png`. */
  file: string;
  card: OgCard;
}

/** `8,117`: a fixed locale, so the image does not depend on the build machine's. */
const STARS = new Intl.NumberFormat("en-US");

/** Every social image of the portfolio: one per project (at the path of its `urls.og_image`) and the site's. */
export function ogImageFiles(model: PortfolioModel): OgImageFile[] {
  const { config, profile, stats } = model;
  const paths = sitePaths(config);
  // The address as people type it: host and base path, no scheme.
  const host = config.baseUrl.replace(/^https?:\/\//, "");
  // The file comes from the same path as the API's `og_image`, so it is always where that says.
  const fileOf = (path: string): string => {
    const file = outputFileOf(config, path);
    if (file === null) throw new Error(`A social image path outside the site: ${path}`);
    return file;
  };

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
      file: fileOf(paths.ogImage(project.name)),
      card: projectCard(project, model.domainById.get(project.domainId)),
    })),
    {
      file: fileOf(paths.siteOgImage),
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
