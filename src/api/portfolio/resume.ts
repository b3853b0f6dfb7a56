import { DateTime } from "luxon";
import type { PortfolioModel } from "../../model/portfolio-model.ts";
import { publishedUrl, sitePaths } from "../../config/site-paths.ts";
import { portfolioPaths } from "./paths.ts";
import { awardList, profileResource } from "./resources.ts";
import { profileLinks } from "../../schemas/portfolio/profile.ts";

/*
 * /api/v1/resume.json: the owner's résumé in the JSON Resume format (https://jsonresume.org),
 * without envelope, derived from what the site publishes; work history, education and spoken
 * languages come from the optional content/resume.yaml.
 */

/** The version of the official schema this document follows (its `$schema` and `meta.version`). */
export const JSON_RESUME_SCHEMA_URL = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json";

/**
 * Builds the résumé (the official schema has every field optional), without the build time
 * (`meta.lastModified`): an unchanged résumé is byte-identical across builds at different clocks.
 */
export function resumeDocument(model: PortfolioModel) {
  const { config, resume } = model;
  const profile = profileResource(model);
  const pages = sitePaths(config);
  const { irc, discord } = profile.contact;
  // The profile's photo, as JSON Resume takes one: a JPEG or PNG (another format is the pages' only).
  const photo = model.photo?.plan.fallback.url;
  return {
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: {
      name: profile.name,
      label: profile.headline,
      ...(photo && /\.(jpe?g|png)$/i.test(photo) ? { image: photo } : {}),
      url: profile.links.site,
      summary: profile.summary,
      profiles: [
        ...profileLinks(profile.links).map(({ name, label, url }) =>
          name === "github" ? { network: label, username: config.site.github, url } : { network: label, url },
        ),
        ...(discord ? [{ network: "Discord", username: discord }] : []),
        ...(irc ? [{ network: `IRC (${irc.network})`, username: irc.nick, url: irc.web_client }] : []),
      ],
    },
    work: (resume.work ?? []).map((job) => ({
      name: job.name,
      position: job.position,
      ...(job.url ? { url: job.url } : {}),
      ...(job.location ? { location: job.location } : {}),
      startDate: job.start,
      ...(job.end ? { endDate: job.end } : {}),
      ...(job.summary ? { summary: job.summary } : {}),
      highlights: job.highlights ?? [],
    })),
    education: (resume.education ?? []).map((school) => ({
      institution: school.institution,
      ...(school.url ? { url: school.url } : {}),
      ...(school.area ? { area: school.area } : {}),
      ...(school.study_type ? { studyType: school.study_type } : {}),
      ...(school.start ? { startDate: school.start } : {}),
      ...(school.end ? { endDate: school.end } : {}),
      courses: school.courses ?? [],
    })),
    awards: awardList(model).map((award) => ({
      title: `${award.place}, ${award.event}`,
      awarder: award.event,
      summary: award.track ? `${award.project} (${award.track})` : award.project,
    })),
    certificates: profile.certifications.map((name) => ({ name })),
    publications: model.posts.map((post) => ({
      name: post.title,
      publisher: config.site.title,
      ...(post.published ? { releaseDate: localDate(post.published, config.site.timezone) } : {}),
      url: post.url,
      summary: post.summary,
    })),
    // The languages the projects are written in, most used first, each with those projects.
    skills: model.languages.map((language) => ({ name: language.name, keywords: language.projects })),
    languages: (resume.languages ?? []).map((spoken) => ({
      language: spoken.language,
      ...(spoken.fluency ? { fluency: spoken.fluency } : {}),
    })),
    projects: model.projects.map((project) => ({
      name: project.name,
      description: project.tagline,
      url: publishedUrl(config, pages.project(project.name)),
      keywords: [...project.languages, ...project.tags],
      type: "open source",
    })),
    meta: { canonical: publishedUrl(config, pages.portfolioApi(portfolioPaths.resume)), version: "v1.0.0" },
  };
}

/** The calendar date of an instant where the owner lives, as JSON Resume writes dates. */
function localDate(instant: string, zone: string): string | undefined {
  return DateTime.fromISO(instant, { zone: "utc" }).setZone(zone).toISODate() ?? undefined;
}
