import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Alias } from '../../src/model/tree.js'
import { createPublishMemo, filterForPublishing, holdBackReason } from '../../src/publish/filter.js'

const none = { private: false, fileUrls: false, placeUrls: false }

describe('holdBackReason', () => {
  it('should hold back private, file: and place: bookmarks unless allowed', () => {
    expect(holdBackReason(Object.assign(createBookmark('p', 'https://a/'), { private: true }), none)).toBe(
      'private',
    )
    expect(holdBackReason(createBookmark('f', 'FILE:///etc/x'), none)).toBe('fileUrls')
    expect(holdBackReason(createBookmark('q', ' place:sort=8'), none)).toBe('placeUrls')
    expect(holdBackReason(createBookmark('ok', 'https://a/'), none)).toBeUndefined()
    expect(holdBackReason(createBookmark('f', 'file:///x'), { ...none, fileUrls: true })).toBeUndefined()
  })
})

describe('filterForPublishing', () => {
  it('should copy the tree without held-back bookmarks or aliases to them, leaving the source intact', () => {
    const secret = Object.assign(createBookmark('secret', 'https://s/'), { private: true, id: 's' })
    const open = Object.assign(createBookmark('open', 'https://o/'), { id: 'o' })
    const aliasToSecret: Alias = { type: 'alias', ref: 's' }
    const aliasToOpen: Alias = { type: 'alias', ref: 'o' }
    const sub = createFolder('sub')
    sub.children.push(secret, aliasToSecret, aliasToOpen)
    const root = createFolder('root')
    root.children.push(open, sub)
    const result = filterForPublishing(
      root,
      new Map([
        [aliasToSecret, secret],
        [aliasToOpen, open],
      ]),
      none,
    )
    expect(result.heldBack).toEqual({ private: 1, fileUrls: 0, placeUrls: 0 })
    const newSub = result.root.children[1]
    expect(newSub).toMatchObject({ type: 'folder', title: 'sub' })
    expect((newSub as typeof sub).children).toEqual([aliasToOpen])
    expect(result.aliasTargets.get(aliasToOpen)).toBe(open)
    expect(sub.children).toHaveLength(3)
  })
})

describe('filterForPublishing with a memo', () => {
  const tree = () => {
    const open = createFolder('open')
    open.children.push(createBookmark('a', 'https://a/'), createBookmark('b', 'https://b/'))
    const mixed = createFolder('mixed')
    mixed.children.push(
      createBookmark('c', 'https://c/'),
      Object.assign(createBookmark('d', 'https://d/'), { private: true }),
    )
    const root = createFolder('root')
    root.children.push(open, mixed)
    return { root, open, mixed }
  }

  /** A folder holding an alias, and a folder holding the bookmark it stands for. */
  const aliasTree = () => {
    const target = Object.assign(createBookmark('t', 'https://t/'), { id: 't' })
    const alias: Alias = { type: 'alias', ref: 't' }
    const withAlias = createFolder('aliases')
    withAlias.children.push(alias)
    const holder = createFolder('holder')
    holder.children.push(target)
    const root = createFolder('root')
    root.children.push(withAlias, holder)
    return { target, alias, withAlias, holder, root }
  }

  it('should publish a folder with nothing held back as it is, and copy only the others', () => {
    const { root, open, mixed } = tree()
    const result = filterForPublishing(root, new Map(), none)
    expect(result.root).not.toBe(root)
    expect(result.root.children[0]).toBe(open)
    expect(result.root.children[1]).not.toBe(mixed)
    expect((result.root.children[1] as typeof mixed).children).toEqual([mixed.children[0]])
  })

  it('should publish a bookmark whose URLs hold a user name or password as a copy without them, the same copy each build', () => {
    const secret = Object.assign(createBookmark('wiki', 'https://alice:hunter2@intranet.example/wiki'), {
      feedUrl: 'https://bob:pw@feeds.example/rss',
    })
    const plain = createBookmark('post', 'https://medium.example/@someone/post')
    const folder = createFolder('f')
    folder.children.push(secret, plain)
    const root = createFolder('root')
    root.children.push(folder)
    const memo = createPublishMemo()
    const first = filterForPublishing(root, new Map(), none, memo)
    const [copy, same] = (first.root.children[0] as typeof folder).children
    expect(copy).toMatchObject({
      href: 'https://intranet.example/wiki',
      feedUrl: 'https://feeds.example/rss',
    })
    expect(same).toBe(plain)
    expect(first.userinfo).toEqual({ count: 1, first: secret })
    expect(secret.href).toBe('https://alice:hunter2@intranet.example/wiki')
    const again = filterForPublishing(
      { ...root, children: [createFolder('new'), folder] },
      new Map(),
      none,
      memo,
    )
    expect((again.root.children[1] as typeof folder).children[0]).toBe(copy)
    expect(again.userinfo.count).toBe(1)
  })

  it('should give the same published objects for unchanged source folders', () => {
    const { root, mixed } = tree()
    const memo = createPublishMemo()
    const first = filterForPublishing(root, new Map(), none, memo)
    const edited = { ...root, children: [createFolder('new'), mixed] }
    const second = filterForPublishing(edited, new Map(), none, memo)
    expect(second.root.children[1]).toBe(first.root.children[1])
    expect(second.heldBack).toEqual({ private: 1, fileUrls: 0, placeUrls: 0 })
  })

  it('should look again at aliases whose target changed elsewhere in the tree', () => {
    const { target, alias, withAlias, holder, root } = aliasTree()
    const memo = createPublishMemo()
    const first = filterForPublishing(root, new Map([[alias, target]]), none, memo)
    expect((first.root.children[0] as typeof withAlias).children).toEqual([alias])
    // The target becomes private; the folder holding the alias is the same object.
    const hidden = Object.assign(createBookmark('t', 'https://t/'), { id: 't', private: true })
    const newHolder = { ...holder, children: [hidden] }
    const second = filterForPublishing(
      { ...root, children: [withAlias, newHolder] },
      new Map([[alias, hidden]]),
      none,
      memo,
    )
    expect((second.root.children[0] as typeof withAlias).children).toEqual([])
    expect(second.aliasTargets.size).toBe(0)
  })

  it('should give a folder holding an alias a new object when the alias stands for another object', () => {
    const { target, alias, withAlias, holder, root } = aliasTree()
    const memo = createPublishMemo()
    const first = filterForPublishing(root, new Map([[alias, target]]), none, memo)
    const again = filterForPublishing(root, new Map([[alias, target]]), none, memo)
    expect(again.root.children[0]).toBe(first.root.children[0])
    // The target's title is edited: the folder holding the alias shows it, so it is new.
    const renamed = Object.assign(createBookmark('t (renamed)', 'https://t/'), { id: 't' })
    const edited = { ...root, children: [withAlias, { ...holder, children: [renamed] }] }
    const second = filterForPublishing(edited, new Map([[alias, renamed]]), none, memo)
    expect(second.root.children[0]).not.toBe(first.root.children[0])
    expect((second.root.children[0] as typeof withAlias).children).toEqual([alias])
  })
})
