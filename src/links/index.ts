/**
 * Link health (issue 24): the public surface of `src/links/`. Code lives in the modules; this file
 * only re-exports. See docs/link-health.md.
 */
export { checkDefaults, checkLinks } from './check.js'
export type { CheckOptions, CheckProgress, CheckResult, CheckSummary } from './check.js'
export { classifyProbe, isCheckableUrl, isDead, isDue, nextEntry } from './classify.js'
export type { Hop, Probe, Verdict } from './classify.js'
export { DEFAULT_USER_AGENT, PROJECT_URL } from './client.js'
export { CHECK_EXIT_DEAD, CHECK_EXIT_INTERRUPTED, CHECK_EXIT_OK, runCheck } from './command.js'
export type { CheckTuning, RunCheckOptions } from './command.js'
export { formatDuration, parseDuration } from './duration.js'
export { createCheckProgress, formatSummary } from './progress.js'
export type { ProgressOptions, ProgressReporter } from './progress.js'
export { publishedUrls } from './published-urls.js'
export {
  defaultStoreFile,
  emptyStore,
  LINK_STORE_NAME,
  parseLinkStore,
  pruneStore,
  readLinkStore,
  serializeLinkStore,
  writeLinkStore,
} from './store.js'
export type { LinkEntry, LinkProblem, LinkState, LinkStore } from './store.js'
export { readSiteLinks, siteLinksOf } from './site-links.js'
export type { SiteLinks } from './site-links.js'
export { waybackUrl } from './wayback.js'
