/** What the SDL compiler lends a field module (server/fields/): its builders and the plan it records into. */
import { someField } from '../../config/fields.ts'
import { staticText } from '../../config/admin.ts'
import { fieldType } from '../../fields/registry.ts'
import type { SdlKit } from '../../fields/types.ts'
import { inputObject } from './input.ts'
import { objectType } from './output.ts'
import { desc, docType, enumType, idsGqlType, localeArgs, type Ctx } from './shared.ts'
import { operatorInput } from './where.ts'

export function sdlKit(ctx: Ctx): SdlKit {
  return {
    add: (name, sdl) => ctx.b.add(name, sdl),
    enum: (name, values) => enumType(ctx, name, values),
    docType: (slug) => docType(ctx, slug),
    idType: idsGqlType,
    object: (name, fields, row, label, extra) => objectType(ctx, name, fields, row, label, extra),
    input: (name, fields, row) => inputObject(ctx, name, fields, row, true),
    operators: (name, scalar, ops) => operatorInput(ctx, name, scalar, ops),
    localeArgs: localeArgs(ctx),
    describe: (text) => desc(text),
    relation: (r) => void ctx.plan.relations.push(r),
    richText: (type, field) => void ctx.plan.richTexts.push({ type, field }),
    union: (name, by, members) => void ctx.plan.unions.set(name, { by, members }),
    join(type, field) {
      const owner = ctx.owner
      if (!owner)
        throw new Error(`The join field ${type}.${field} is outside a collection's document.`)
      ctx.plan.joins.push({
        type,
        field,
        collection: owner.collection,
        path: [...owner.path, field].join('.'),
      })
    },
    group(parent, field, name) {
      if (!someField(field.fields, (f) => Boolean(fieldType(f).computed)))
        return objectType(ctx, name, field.fields, false, staticText(field.label))
      // Its join fields resolve with the document's id, which the group's objects carry.
      ctx.plan.joinGroups.push({ type: parent, field: field.name })
      const owner = ctx.owner
      ctx.owner = owner && { ...owner, path: [...owner.path, field.name] }
      const t = objectType(ctx, name, field.fields, false, staticText(field.label))
      ctx.owner = owner
      return t
    },
  }
}
