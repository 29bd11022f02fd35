export function EditView(props: { kind: 'collection' | 'global'; slug: string; id?: string }) {
  return (
    <main id="main" className="view">
      <h1>
        {props.slug} {props.id}
      </h1>
    </main>
  )
}
