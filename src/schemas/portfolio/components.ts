import type { TSchema } from "@sinclair/typebox";
import { Badge, Link, ListMeta, Meta } from "../common.ts";
import { Now, NowItem, Post, Pull } from "./activity.ts";
import { ApiIndex, IndexEndpoint, SearchItem, Stats } from "./catalog.ts";
import { Pgp, Profile } from "./profile.ts";
import {
  Award,
  AwardEntry,
  Cluster,
  ClusterDetail,
  ClusterRef,
  InProgressItem,
  Language,
  ProjectDetail,
  ProjectSummary,
  ProjectUrls,
  RecentPush,
  Tag,
  Writeup,
} from "./projects.ts";

/**
 * The named shapes of the portfolio API, in the order the OpenAPI document lists them.
 * Wherever one of these objects is nested in another schema, the OpenAPI builder writes a
 * `$ref` to it instead of a copy.
 */
export const portfolioComponents: Readonly<Record<string, TSchema>> = {
  Meta,
  ListMeta,
  Link,
  Award,
  AwardEntry,
  ClusterRef,
  ProjectUrls,
  ProjectSummary,
  Writeup,
  ProjectDetail,
  Cluster,
  ClusterDetail,
  Language,
  Tag,
  InProgressItem,
  RecentPush,
  Pull,
  Post,
  NowItem,
  Now,
  Pgp,
  Profile,
  SearchItem,
  Stats,
  IndexEndpoint,
  Index: ApiIndex,
  Badge,
};
