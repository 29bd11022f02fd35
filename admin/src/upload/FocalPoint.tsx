/**
 * An image with its focal point (`focalX`/`focalY`, percent from the left and the top, as Payload stores them):
 * a click on the image or the arrow keys on it (Shift: by 10) move the marker; number inputs give the same values.
 */
import { useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { t } from '../i18n.ts'

export interface Focal {
  x: number
  y: number
}

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)))
const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

export function FocalImage(props: {
  src: string
  alt: string
  focal?: Focal
  onChange?: (focal: Focal) => void
}) {
  const { focal, onChange } = props
  const img = useRef<HTMLImageElement>(null)
  if (!focal || !onChange)
    return (
      <div className="focal-frame">
        <img ref={img} src={props.src} alt={props.alt} />
      </div>
    )
  const click = (e: MouseEvent) => {
    const box = img.current?.getBoundingClientRect()
    if (!box?.width || !box.height) return
    onChange({
      x: clamp(((e.clientX - box.left) / box.width) * 100),
      y: clamp(((e.clientY - box.top) / box.height) * 100),
    })
  }
  const key = (e: KeyboardEvent) => {
    const step = STEPS[e.key]
    if (!step) return
    e.preventDefault()
    const by = e.shiftKey ? 10 : 1
    onChange({ x: clamp(focal.x + step[0] * by), y: clamp(focal.y + step[1] * by) })
  }
  const text = t('cms:focalPosition', { x: focal.x, y: focal.y })
  return (
    <div className="focal">
      <div
        className="focal-frame focal-edit"
        role="slider"
        tabIndex={0}
        aria-label={`${t('upload:focalPoint')} (${t('cms:focalPointKeys')})`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={focal.x}
        aria-valuetext={text}
        onClick={click}
        onKeyDown={key}
      >
        <img ref={img} src={props.src} alt={props.alt} draggable={false} />
        <span
          className="focal-marker"
          aria-hidden="true"
          style={{ left: `${focal.x}%`, top: `${focal.y}%` }}
        />
      </div>
      <div className="focal-inputs">
        <FocalInput axis="x" value={focal.x} set={(x) => onChange({ ...focal, x })} />
        <FocalInput axis="y" value={focal.y} set={(y) => onChange({ ...focal, y })} />
      </div>
    </div>
  )
}

/** "Focal Point X (%)": one coordinate of the focal point. */
function FocalInput(props: { axis: 'x' | 'y'; value: number; set: (n: number) => void }) {
  const id = `focal-${props.axis}`
  return (
    <div className="field">
      <label htmlFor={id}>
        {t('upload:focalPoint')} {props.axis.toUpperCase()} (%)
      </label>
      <input
        id={id}
        type="number"
        min={0}
        max={100}
        step={1}
        value={props.value}
        onChange={(e) => {
          if (e.target.value !== '') props.set(clamp(Number(e.target.value)))
        }}
      />
    </div>
  )
}
