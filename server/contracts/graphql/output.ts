/**
 * Field → GraphQL output type: the object types of documents, groups, array rows and blocks, with their unions
 * and enums.
 */
import { optionValue, someField } from '../../config/fields.ts'
import type { FlattenedField } from '../../config/types.ts'
import { typeName } from '../../config/names.ts'
import { desc, docType, enumType, localeArgs, type Ctx } from './shared.ts'

/** The output type of a field (nullable). */
export function outputType(ctx: Ctx, field: FlattenedField, parent: string): string {
  const own = `${parent}_${typeName(field.name)}`
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'email':
      return field.type === 'text' && field.hasMany ? '[String!]' : 'String'
    case 'number':
      return field.hasMany ? '[Float!]' : 'Float'
    case 'checkbox':
      return 'Boolean'
    case 'date':
      return 'DateTime'
    case 'json':
    case 'richText':
      return 'JSON'
    case 'point':
      return '[Float!]'
    case 'select': {
      const e = enumType(
        ctx,
        field.interfaceName ?? `${parent}_${field.name}`,
        field.options.map(optionValue),
      )
      return field.hasMany ? `[${e}!]` : e
    }
    case 'radio':
      return enumType(
        ctx,
        field.interfaceName ?? `${parent}_${field.name}`,
        field.options.map(optionValue),
      )
    case 'relationship':
      return relationshipOutput(ctx, field, parent, own)
    case 'join': {
      ctx.plan.joins.push({
        type: parent,
        field: field.name,
        collection: ctx.owner!.collection,
        path: [...ctx.owner!.path, field.name].join('.'),
      })
      return ctx.b.add(
        own,
        `${desc(`The documents of "${field.collection}" relating to this one.`)}type ${own} {\n  docs: [${docType(ctx, field.collection)}!]\n  hasNextPage: Boolean\n  totalDocs: Int\n}`,
      )
    }
    case 'group': {
      if (!someField(field.fields, (f) => f.type === 'join'))
        return objectType(ctx, field.interfaceName ?? own, field.fields, false, field.label)
      ctx.plan.joinGroups.push({ type: parent, field: field.name })
      const owner = ctx.owner
      ctx.owner = owner && { ...owner, path: [...owner.path, field.name] }
      const t = objectType(ctx, field.interfaceName ?? own, field.fields, false, field.label)
      ctx.owner = owner
      return t
    }
    case 'array':
      return `[${objectType(ctx, field.interfaceName ?? own, field.fields, true, field.label)}!]`
    case 'blocks': {
      const members = field.blocks.map((bl) => {
        const name = bl.interfaceName ?? `${own}_${typeName(bl.slug)}`
        return objectType(ctx, name, bl.fields, true, undefined, [
          '  blockType: String',
          '  blockName: String',
        ])
      })
      ctx.plan.unions.set(own, {
        by: 'blockType',
        members: new Map(field.blocks.map((bl, i) => [bl.slug, members[i]])),
      })
      const union = ctx.b.add(own, `union ${own} = ${members.join(' | ')}`)
      return `[${union}!]`
    }
  }
}

/** A relationship's output type: its target's document type, or (polymorphic) `…_Relationship` over a union. */
function relationshipOutput(
  ctx: Ctx,
  field: FlattenedField & { type: 'relationship' },
  parent: string,
  own: string,
): string {
  if (Array.isArray(field.relationTo)) {
    ctx.plan.unions.set(own, {
      by: 'collection',
      members: new Map(field.relationTo.map((s) => [s, docType(ctx, s)])),
    })
    ctx.plan.relations.push({
      type: `${own}_Relationship`,
      field: 'value',
      relationTo: field.relationTo,
      hasMany: false,
      holder: { type: parent, field: field.name },
    })
    const union = ctx.b.add(
      `${own}`,
      `union ${own} = ${field.relationTo.map((s) => docType(ctx, s)).join(' | ')}`,
    )
    const relationTo = enumType(ctx, `${own}_RelationTo`, field.relationTo)
    const rel = ctx.b.add(
      `${own}_Relationship`,
      `type ${own}_Relationship {\n  relationTo: ${relationTo}\n  value: ${union}\n}`,
    )
    return field.hasMany ? `[${rel}!]` : rel
  }
  ctx.plan.relations.push({
    type: parent,
    field: field.name,
    relationTo: field.relationTo,
    hasMany: Boolean(field.hasMany),
    maxRows: field.maxRows,
  })
  const t = docType(ctx, field.relationTo)
  return field.hasMany ? `[${t}!]` : t
}

export function objectType(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  row: boolean,
  description?: string,
  extra: string[] = [],
): string {
  if (ctx.b.has(name)) return name
  ctx.b.add(name, '') // reserve (recursive relations)
  const lines = row ? ['  id: String', ...extra] : [...extra]
  for (const f of fields) {
    if (f.hidden) continue
    // As Payload: a relationship reads its documents in a locale and as drafts of its own choosing; a join field
    // takes the arguments of its page (as Payload's): where, limit, page, sort, count.
    const args =
      f.type === 'relationship'
        ? `(draft: Boolean${localeArgs(ctx)})`
        : f.type === 'join'
          ? `(where: ${docType(ctx, f.collection)}_where, limit: Int, page: Int, sort: String, count: Boolean)`
          : ''
    lines.push(
      `${desc(f.label && f.label !== f.name ? f.label : undefined, '  ')}  ${f.name}${args}: ${outputType(ctx, f, name)}`,
    )
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `${desc(description)}type ${name} {\n${lines.join('\n')}\n}`)
  return name
}
