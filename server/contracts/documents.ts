import type { FlattenedField, SanitizedConfig } from '../config/types.ts'
import { collectionNames, globalName } from '../config/names.ts'
import { fieldType } from '../fields/registry.ts'
import type { SelectionKit } from '../fields/types.ts'
import { targetCollection } from './refs.ts'

/**
 * GraphQL operation documents for the SDK, compiled from the config like the SDL (so renaming a collection
 * renames its operations instead of breaking them): per collection a fragment of every field (relations as
 * ids), `Find<Plural>`, `Find<Singular>`, `Count<Plural>`, `Create<Singular>`, `Update<Singular>`,
 * `Delete<Singular>`; per auth collection `Login<Singular>` and `Me<Singular>`; per global `Find<Global>`
 * and `Update<Global>`. graphql-codegen turns them into typed documents under `generated/graphql/`.
 */

function selection(
  fields: FlattenedField[],
  parent: string,
  config: SanitizedConfig,
  depth: string,
): string {
  const kit: SelectionKit = {
    depth,
    docType: (slug) => collectionNames(targetCollection(config, slug)).singular,
    fields: (nested, type, indent) => selection(nested, type, config, `${depth}${indent}`),
  }
  const lines: string[] = []
  for (const f of fields) {
    if (f.hidden) continue
    lines.push(fieldType(f).selection?.(f, parent, kit) ?? f.name)
  }
  return lines.map((l) => `${depth}${l}`).join('\n')
}

export function compileDocuments(config: SanitizedConfig): string {
  const out: string[] = ['# Compiled from the CMS config. Do not edit: run `npm run generate`.']
  const loc = config.localization ? ', $locale: LocaleInputType' : ''
  const locArg = config.localization ? ', locale: $locale' : ''
  for (const c of config.collections) {
    const { singular, plural, graphQLPlural } = collectionNames(c)
    const drafts = Boolean(c.versions && c.versions.drafts)
    const draftVar = drafts ? ', $draft: Boolean' : ''
    const draftArg = drafts ? ', draft: $draft' : ''
    const ts = c.timestamps ? '\n  createdAt\n  updatedAt' : ''
    out.push(
      `fragment ${singular}Fields on ${singular} {\n  id${ts}\n${selection(c.flatFields, singular, config, '  ')}\n}`,
    )
    out.push(
      `query Find${plural}($where: ${singular}_where, $limit: Int, $page: Int, $sort: String${draftVar}${loc}) {\n  ${graphQLPlural}(where: $where, limit: $limit, page: $page, sort: $sort${draftArg}${locArg}) {\n    docs { ...${singular}Fields }\n    totalDocs\n    limit\n    page\n    totalPages\n    hasNextPage\n    hasPrevPage\n    nextPage\n    prevPage\n    pagingCounter\n  }\n}`,
    )
    out.push(
      `query Find${singular}($id: Int!${draftVar}${loc}) {\n  ${singular}(id: $id${draftArg}${locArg}) { ...${singular}Fields }\n}`,
    )
    out.push(
      `query Count${plural}($where: ${singular}_where${draftVar}) {\n  count${graphQLPlural}(where: $where${draftArg}) { totalDocs }\n}`,
    )
    out.push(
      `mutation Create${singular}($data: mutation${singular}Input!${draftVar}${loc}) {\n  create${singular}(data: $data${draftArg}${locArg}) { ...${singular}Fields }\n}`,
    )
    out.push(
      `mutation Update${singular}($id: Int!, $data: mutation${singular}UpdateInput!${draftVar}${loc}) {\n  update${singular}(id: $id, data: $data${draftArg}${locArg}) { ...${singular}Fields }\n}`,
    )
    out.push(`mutation Delete${singular}($id: Int!) {\n  delete${singular}(id: $id) { id }\n}`)
    if (c.auth) {
      const byName = c.auth.loginWithUsername
      const [vars, pass] = byName
        ? byName.allowEmailLogin
          ? ['$email: String, $username: String', 'email: $email, username: $username']
          : ['$username: String!', 'username: $username']
        : ['$email: String!', 'email: $email']
      out.push(
        `mutation Login${singular}(${vars}, $password: String!) {\n  login${singular}(${pass}, password: $password) { exp token user { ...${singular}Fields } }\n}`,
      )
      out.push(
        `query Me${singular} {\n  me${singular} { exp token user { ...${singular}Fields } }\n}`,
      )
    }
  }
  for (const g of config.globals) {
    const name = globalName(g)
    const fields = selection(g.flatFields, name, config, '    ')
    out.push(
      `query Find${name}${config.localization ? '($locale: LocaleInputType)' : ''} {\n  ${name}${config.localization ? '(locale: $locale)' : ''} {\n    globalType\n    updatedAt${fields ? `\n${fields}` : ''}\n  }\n}`,
    )
    out.push(
      `mutation Update${name}($data: mutation${name}Input!${loc}) {\n  update${name}(data: $data${locArg}) { globalType updatedAt }\n}`,
    )
  }
  return `${out.join('\n\n')}\n`
}
