/// <reference types="vite/client" />
import type { DesktopApi } from '../../electron/ipc-contract'

declare global {
  interface Window {
    /** Present in the desktop app (built by the preload); absent in a plain browser. */
    readonly rackside?: DesktopApi
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}
