import type { TSchema } from "@sinclair/typebox";
import { Badge, Link, ListMeta, Meta } from "../common.ts";
import { ApiIndex, IndexEndpoint } from "../portfolio/catalog.ts";
import {
  ArchiveMonth,
  ArchiveYear,
  BlogSearchItem,
  BlogSite,
  BlogStats,
  JsonFeed,
  JsonFeedItem,
  TagDetail,
  TagListEntry,
} from "./catalog.ts";
import {
  Cover,
  FullPost,
  Heading,
  LicenseTerms,
  PostImage,
  PostLicense,
  PostLinkEntry,
  PostRef,
  PostSource,
  PostSummary,
  TagRef,
} from "./posts.ts";

/** The named shapes of the blog API, in the order its OpenAPI document lists them. */
export const blogComponents: Readonly<Record<string, TSchema>> = {
  Meta,
  ListMeta,
  Link,
  TagRef,
  Cover,
  PostRef,
  PostSummary,
  Heading,
  PostLinkEntry,
  PostImage,
  LicenseTerms,
  PostLicense,
  PostSource,
  FullPost,
  BlogSite,
  ArchiveMonth,
  ArchiveYear,
  BlogStats,
  BlogSearchItem,
  TagListEntry,
  TagDetail,
  JsonFeedItem,
  JsonFeed,
  IndexEndpoint,
  Index: ApiIndex,
  Badge,
};
