/**
 * The one chain from parsed sources to a site: the model step (`publish/`: merge, publish filter,
 * duplicates) and then the pages and site files (`pages/`, `site-files/`). `bookgen build` and watch
 * mode both go through here, so the two cannot drift apart.
 */
import type { ResolvedConfig } from '../config/options.js'
import type { Collection } from '../model/tree.js'
import { planSite, type PlanOptions, type SitePlan } from './plan.js'
import { prepareSite, type ModelCache, type PreparedSite } from '../publish/index.js'
import type { SiteLinks } from '../links/site-links.js'
import type { HistoryView } from '../history/build-step.js'
import { privateEntries, privateRule, withoutPrivateChanges } from '../publish/private.js'

export interface PlannedSite {
  prepared: PreparedSite
  plan: SitePlan
  /** Milliseconds spent in the model step and in planning (routes, and the eager part of the pages). */
  ms: { model: number; plan: number }
}

/** Publish the collections and plan the site (pages are rendered lazily, as they are written). */
export function planFromSources(
  config: ResolvedConfig,
  collections: readonly Collection[],
  options: {
    model?: ModelCache | undefined
    links?: SiteLinks | undefined
    /** What the sources' Git history says (dates are already on the collections). */
    history?: HistoryView | undefined
    /** Make the private section (`private`; the build, when its passphrase is set). */
    privateSection?: boolean | undefined
    pages?: PlanOptions
  } = {},
): PlannedSite {
  const started = performance.now()
  const prepared = prepareSite(config, collections, options.model, options.links)
  const rule = privateRule(config.private)
  if (options.history !== undefined) {
    const trees = { source: prepared.sourceRoot, published: prepared.root }
    prepared.input.history =
      rule === undefined ? options.history : withoutPrivateChanges(options.history, rule, trees)
  }
  if (options.privateSection === true && rule !== undefined)
    prepared.input.privateSection = { entries: privateEntries(prepared.sourceRoot, rule) }
  const modelled = performance.now()
  const plan = planSite(prepared.input, options.pages)
  return { prepared, plan, ms: { model: modelled - started, plan: performance.now() - modelled } }
}
