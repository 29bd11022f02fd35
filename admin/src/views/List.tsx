export function ListView(props: { slug: string; trash?: boolean }) {
  return (
    <main id="main" className="view">
      <h1>{props.slug}</h1>
    </main>
  )
}
