// The shape of a translated table: every key of the English one, plus the CLDR plural categories English
// has no use for (zero, two, few, many), which Arabic and Spanish need; a unit test checks which ones.
export type ExtraPluralCategory = 'zero' | 'two' | 'few' | 'many';
export type Localized<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Localized<Item>[]
    : { [K in keyof T]: Localized<T[K]> } & { [plural: `${string}_${ExtraPluralCategory}`]: string };
