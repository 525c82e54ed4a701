/**
 * Link health: the public surface of `src/links/`. Code lives in the modules; this file
 * only re-exports. See docs/link-health.md.
 */
export { checkDefaults, checkLinks } from './links/check.js'
export type { CheckOptions, CheckProgress, CheckResult, CheckSummary } from './links/check.js'
export { classifyProbe, isCheckableUrl, isDead, isDue, nextEntry } from './links/classify.js'
export type { Hop, Probe, Verdict } from './links/classify.js'
export { DEFAULT_USER_AGENT, PROJECT_URL } from './links/client.js'
export { CHECK_EXIT_DEAD, CHECK_EXIT_INTERRUPTED, CHECK_EXIT_OK, runCheck } from './cli/check.js'
export type { CheckTuning, RunCheckOptions } from './cli/check.js'
export { formatDuration, parseDuration } from './config/duration.js'
export { createCheckProgress, formatSummary } from './links/progress.js'
export type { ProgressOptions, ProgressReporter } from './links/progress.js'
export { publishedUrls } from './publish/published-urls.js'
export {
  defaultStoreFile,
  emptyStore,
  LINK_STORE_NAME,
  parseLinkStore,
  pruneStore,
  readLinkStore,
  serializeLinkStore,
  writeLinkStore,
} from './links/store.js'
export type { LinkEntry, LinkProblem, LinkState, LinkStore } from './links/store.js'
export { readSiteLinks, siteLinksOf } from './links/site-links.js'
export type { SiteLinks } from './links/site-links.js'
export { waybackUrl } from './links/wayback.js'
