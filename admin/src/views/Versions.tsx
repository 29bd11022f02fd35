export function VersionsView(props: {
  kind: 'collection' | 'global'
  slug: string
  id?: string
  version?: string
}) {
  return (
    <main id="main" className="view">
      <h1>
        {props.slug} {props.id} {props.version}
      </h1>
    </main>
  )
}
