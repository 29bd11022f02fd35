/** The REST handlers of a collection's documents: reads, counts, writes, bulk writes, copies, and their versions. */
import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { boolParam, intParam } from '../query.ts'
import {
  body,
  collectionOf,
  listOptions,
  readOptions,
  requireWhere,
  savedMessage,
  type RestHandlers,
} from './request.ts'

export const documentKinds = {
  async find(cms, r) {
    return {
      status: 200,
      body: await cms.find({ collection: r.meta.collection!, ...listOptions(r) }),
    }
  },
  async findByID(cms, r) {
    return {
      status: 200,
      body: await cms.findByID({
        collection: r.meta.collection!,
        id: r.params.id,
        ...readOptions(r),
      }),
    }
  },
  async count(cms, r) {
    const { where, locale, draft, trash, req } = listOptions(r)
    return {
      status: 200,
      body: await cms.count({
        collection: r.meta.collection!,
        where,
        locale,
        draft,
        trash,
        req,
        overrideAccess: false,
      }),
    }
  },
  async findDistinct(cms, r) {
    const { where, locale, trash, limit, page, sort, depth, req } = listOptions(r)
    return {
      status: 200,
      body: await cms.findDistinct({
        collection: r.meta.collection!,
        field: r.query.field as string,
        where,
        locale,
        trash,
        limit,
        page,
        sort,
        depth,
        req,
        overrideAccess: false,
      }),
    }
  },
  async create(cms, r) {
    const c = collectionOf(cms, r)
    const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
      cms.create({ collection: c.slug, data: body(r), ...readOptions(r) }),
    )
    return { status: 201, body: { doc, message: `${c.labels.singular} successfully created.` } }
  },
  async update(cms, r) {
    const auth = Boolean(collectionOf(cms, r).auth)
    const doc = await limitedPasswordChange(cms, r.ip, auth, r.body, () =>
      cms.update({
        collection: r.meta.collection!,
        id: r.params.id,
        data: body(r),
        ...readOptions(r),
        autosave: boolParam(r.query.autosave),
      }),
    )
    return { status: 200, body: { doc, message: savedMessage(r) } }
  },
  async updateMany(cms, r) {
    const c = collectionOf(cms, r)
    const result = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
      cms.update({ collection: c.slug, where: requireWhere(r), data: body(r), ...readOptions(r) }),
    )
    return {
      status: 200,
      body: {
        ...result,
        message: `Updated ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.`,
      },
    }
  },
  async delete(cms, r) {
    const doc = await cms.delete({
      collection: r.meta.collection!,
      id: r.params.id,
      depth: intParam(r.query.depth),
      trash: boolParam(r.query.trash),
      req: r.req,
      overrideAccess: false,
    })
    return { status: 200, body: { doc, message: 'Deleted successfully.' } }
  },
  async deleteMany(cms, r) {
    const c = collectionOf(cms, r)
    const result = await cms.delete({
      collection: c.slug,
      where: requireWhere(r),
      depth: intParam(r.query.depth),
      trash: boolParam(r.query.trash),
      req: r.req,
      overrideAccess: false,
    })
    return {
      status: 200,
      body: {
        ...result,
        message: `Deleted ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.`,
      },
    }
  },
  async duplicate(cms, r) {
    const c = collectionOf(cms, r)
    const options = readOptions(r)
    const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
      cms.duplicate({
        collection: c.slug,
        id: r.params.id,
        data: (r.body ?? {}) as Record<string, unknown>,
        ...options,
        ...(typeof r.query.selectedLocales === 'string' && {
          selectedLocales: r.query.selectedLocales.split(','),
        }),
        // As Payload's REST route: the copy is a draft unless the request says otherwise.
        draft: options.draft ?? Boolean(c.versions && c.versions.drafts),
      }),
    )
    return { status: 200, body: { doc, message: `${c.labels.singular} successfully duplicated.` } }
  },
  async findVersions(cms, r) {
    return {
      status: 200,
      body: await cms.findVersions({ collection: r.meta.collection!, ...listOptions(r) }),
    }
  },
  async findVersionByID(cms, r) {
    return {
      status: 200,
      body: await cms.findVersionByID({
        collection: r.meta.collection!,
        id: r.params.id,
        ...readOptions(r),
      }),
    }
  },
  async restoreVersion(cms, r) {
    const doc = await cms.restoreVersion({
      collection: r.meta.collection!,
      id: r.params.id,
      ...readOptions(r),
    })
    return { status: 200, body: { ...doc, message: 'Restored Successfully.' } }
  },
} satisfies Partial<RestHandlers>
