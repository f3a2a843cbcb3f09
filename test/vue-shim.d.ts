// `tsc -p test` type-checks every test (renderer component tests too) without Vue's language tools, so it cannot
// read a .vue file; there a .vue import is some component. (`vue-tsc -p renderer` reads the real files.)
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<Record<string, unknown>>;
  export default component;
}
