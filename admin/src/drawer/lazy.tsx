/**
 * The drawers as the first visit's bundle knows them: each is a chunk of its own, loaded when it first opens (the
 * fields that open them are in every form; the drawers are opened now and then).
 */
import { lazy, Suspense, type ComponentProps } from 'react'
import { t } from '../i18n.ts'

const Create = lazy(() => import('./CreateDrawer.tsx'))
const Library = lazy(() => import('../upload/LibraryDrawer.tsx'))
const Bulk = lazy(() => import('../upload/BulkUpload.tsx'))

const Loading = () => (
  <p className="drawer-loading" aria-busy="true">
    {t('general:loading')}…
  </p>
)

/** The related collection's create form in a drawer (drawer/CreateDrawer.tsx). */
export function CreateDrawer(props: ComponentProps<typeof Create>) {
  return (
    <Suspense fallback={<Loading />}>
      <Create {...props} />
    </Suspense>
  )
}

/** An upload collection's files as a grid to choose from (upload/LibraryDrawer.tsx). */
export function LibraryDrawer(props: ComponentProps<typeof Library>) {
  return (
    <Suspense fallback={<Loading />}>
      <Library {...props} />
    </Suspense>
  )
}

/** Several files uploaded at once, each a new document (upload/BulkUpload.tsx). */
export function BulkUploadDrawer(props: ComponentProps<typeof Bulk>) {
  return (
    <Suspense fallback={<Loading />}>
      <Bulk {...props} />
    </Suspense>
  )
}
