import { fromTheme, validators, type Config, type DefaultClassGroupIds, type DefaultThemeGroupIds } from 'tailwind-merge';

/*
 * tailwind-merge's configuration cut down to the class groups the app's classes belong to, for `cn`.
 * The library's default configuration knows every Tailwind utility and is most of its weight; this
 * one keeps, from that configuration (tailwind-merge 3.7), the groups some class written in
 * src/web falls in, each group's definition and the scales and theme keys it uses unchanged, in the
 * default order, and the conflicts among those groups. With the same definitions in the same order,
 * each of the app's classes falls in the same group as with the full configuration, so `cn` merges
 * them as `twMerge` would. cn.test.ts checks that for every class written in src/web: a class of a
 * group not listed here fails it, and the group is then copied here from the library's
 * default-config.ts (its definition, its scales, its entries in the conflicts).
 */

const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

const themeColor = fromTheme('color');
const themeFont = fromTheme('font');
const themeText = fromTheme('text');
const themeFontWeight = fromTheme('font-weight');
const themeTracking = fromTheme('tracking');
const themeLeading = fromTheme('leading');
const themeBreakpoint = fromTheme('breakpoint');
const themeContainer = fromTheme('container');
const themeSpacing = fromTheme('spacing');
const themeRadius = fromTheme('radius');
const themeShadow = fromTheme('shadow');
const themeBlur = fromTheme('blur');
const themeAspect = fromTheme('aspect');
const themeAnimate = fromTheme('animate');
const scalePosition = () =>
  [
    'center',
    'top',
    'bottom',
    'left',
    'right',
    'top-left',
    'left-top',
    'top-right',
    'right-top',
    'bottom-right',
    'right-bottom',
    'bottom-left',
    'left-bottom',
  ] as const;
const scalePositionWithArbitrary = () => [...scalePosition(), isArbitraryVariable, isArbitraryValue] as const;
const scaleOverflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'] as const;
const scaleUnambiguousSpacing = () => [isArbitraryVariable, isArbitraryValue, themeSpacing] as const;
const scaleInset = () => [isFraction, 'full', 'auto', ...scaleUnambiguousSpacing()] as const;
const scaleGridTemplateColsRows = () => [isInteger, 'none', 'subgrid', isArbitraryVariable, isArbitraryValue] as const;
const scaleGridColRowStartAndEnd = () =>
  [
    'auto',
    { span: ['full', isInteger, isArbitraryVariable, isArbitraryValue] },
    isInteger,
    isArbitraryVariable,
    isArbitraryValue,
  ] as const;
const scaleGridColRowStartOrEnd = () => [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] as const;
const scaleAlignPrimaryAxis = () =>
  ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe'] as const;
const scaleAlignSecondaryAxis = () => ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'] as const;
const scaleMargin = () => ['auto', ...scaleUnambiguousSpacing()] as const;
const scaleSizing = () =>
  [
    isFraction,
    'auto',
    'full',
    'dvw',
    'dvh',
    'lvw',
    'lvh',
    'svw',
    'svh',
    'min',
    'max',
    'fit',
    ...scaleUnambiguousSpacing(),
  ] as const;
const scaleColor = () => [themeColor, isArbitraryVariable, isArbitraryValue] as const;
const scaleRadius = () =>
  [
    // Deprecated since Tailwind CSS v4.0.0
    '',
    'none',
    'full',
    themeRadius,
    isArbitraryVariable,
    isArbitraryValue,
  ] as const;
const scaleBorderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength] as const;
const scaleLineStyle = () => ['solid', 'dashed', 'dotted', 'double'] as const;
const scaleBlur = () =>
  [
    // Deprecated since Tailwind CSS v4.0.0
    '',
    'none',
    themeBlur,
    isArbitraryVariable,
    isArbitraryValue,
  ] as const;
const scaleRotate = () => ['none', isNumber, isArbitraryVariable, isArbitraryValue] as const;
const scaleTranslate = () => [isFraction, 'full', ...scaleUnambiguousSpacing()] as const;

const theme = {
  animate: ['spin', 'ping', 'pulse', 'bounce'],
  aspect: ['video'],
  blur: [isTshirtSize],
  breakpoint: [isTshirtSize],
  color: [isAny],
  container: [isTshirtSize],
  font: [isAnyNonArbitrary],
  'font-weight': ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'],
  leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'],
  radius: [isTshirtSize],
  shadow: [isTshirtSize],
  spacing: ['px', isNumber],
  text: [isTshirtSize],
  tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest'],
} satisfies Partial<Config<DefaultClassGroupIds, DefaultThemeGroupIds>['theme']>;
type ThemeId = keyof typeof theme;

const classGroups = {
  aspect: [
    {
      aspect: ['auto', 'square', isFraction, isArbitraryValue, isArbitraryVariable, themeAspect],
    },
  ],
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'table',
    'inline-table',
    'table-caption',
    'table-cell',
    'table-column',
    'table-column-group',
    'table-footer-group',
    'table-header-group',
    'table-row-group',
    'table-row',
    'flow-root',
    'grid',
    'inline-grid',
    'contents',
    'list-item',
    'hidden',
  ],
  sr: ['sr-only', 'not-sr-only'],
  isolation: ['isolate', 'isolation-auto'],
  'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
  'object-position': [{ object: scalePositionWithArbitrary() }],
  overflow: [{ overflow: scaleOverflow() }],
  'overflow-x': [{ 'overflow-x': scaleOverflow() }],
  'overflow-y': [{ 'overflow-y': scaleOverflow() }],
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  inset: [{ inset: scaleInset() }],
  'inset-x': [{ 'inset-x': scaleInset() }],
  'inset-y': [{ 'inset-y': scaleInset() }],
  top: [{ top: scaleInset() }],
  right: [{ right: scaleInset() }],
  bottom: [{ bottom: scaleInset() }],
  left: [{ left: scaleInset() }],
  visibility: ['visible', 'invisible', 'collapse'],
  z: [{ z: [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
  basis: [
    {
      basis: [isFraction, 'full', 'auto', themeContainer, ...scaleUnambiguousSpacing()],
    },
  ],
  'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
  'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
  flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
  grow: [{ grow: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
  shrink: [{ shrink: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
  order: [
    {
      order: [isInteger, 'first', 'last', 'none', isArbitraryVariable, isArbitraryValue],
    },
  ],
  'grid-cols': [{ 'grid-cols': scaleGridTemplateColsRows() }],
  'col-start-end': [{ col: scaleGridColRowStartAndEnd() }],
  'col-start': [{ 'col-start': scaleGridColRowStartOrEnd() }],
  'row-start': [{ 'row-start': scaleGridColRowStartOrEnd() }],
  gap: [{ gap: scaleUnambiguousSpacing() }],
  'gap-x': [{ 'gap-x': scaleUnambiguousSpacing() }],
  'gap-y': [{ 'gap-y': scaleUnambiguousSpacing() }],
  'justify-content': [{ justify: [...scaleAlignPrimaryAxis(), 'normal'] }],
  'justify-self': [{ 'justify-self': ['auto', ...scaleAlignSecondaryAxis()] }],
  'align-content': [{ content: ['normal', ...scaleAlignPrimaryAxis()] }],
  'align-items': [{ items: [...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
  'align-self': [{ self: ['auto', ...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
  'place-items': [{ 'place-items': [...scaleAlignSecondaryAxis(), 'baseline'] }],
  p: [{ p: scaleUnambiguousSpacing() }],
  px: [{ px: scaleUnambiguousSpacing() }],
  py: [{ py: scaleUnambiguousSpacing() }],
  pt: [{ pt: scaleUnambiguousSpacing() }],
  pr: [{ pr: scaleUnambiguousSpacing() }],
  pb: [{ pb: scaleUnambiguousSpacing() }],
  pl: [{ pl: scaleUnambiguousSpacing() }],
  m: [{ m: scaleMargin() }],
  mx: [{ mx: scaleMargin() }],
  my: [{ my: scaleMargin() }],
  mt: [{ mt: scaleMargin() }],
  mb: [{ mb: scaleMargin() }],
  ml: [{ ml: scaleMargin() }],
  'space-y': [{ 'space-y': scaleUnambiguousSpacing() }],
  size: [{ size: scaleSizing() }],
  w: [{ w: [themeContainer, 'screen', ...scaleSizing()] }],
  'min-w': [
    {
      'min-w': [
        themeContainer,
        'screen',
        // Deprecated
        'none',
        ...scaleSizing(),
      ],
    },
  ],
  'max-w': [
    {
      'max-w': [
        themeContainer,
        'screen',
        'none',
        // Deprecated since Tailwind CSS v4.0.0
        'prose',
        // Deprecated since Tailwind CSS v4.0.0
        { screen: [themeBreakpoint] },
        ...scaleSizing(),
      ],
    },
  ],
  h: [{ h: ['screen', 'lh', ...scaleSizing()] }],
  'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
  'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
  'font-size': [{ text: ['base', themeText, isArbitraryVariableLength, isArbitraryLength] }],
  'font-style': ['italic', 'not-italic'],
  'font-weight': [
    {
      font: [themeFontWeight, isArbitraryVariableWeight, isArbitraryWeight],
    },
  ],
  'font-family': [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, themeFont] }],
  'fvn-spacing': ['proportional-nums', 'tabular-nums'],
  tracking: [{ tracking: [themeTracking, isArbitraryVariable, isArbitraryValue] }],
  'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryNumber] }],
  leading: [
    {
      leading: [
        'none',
        // Deprecated since Tailwind CSS v4.0.0
        themeLeading,
        ...scaleUnambiguousSpacing(),
      ],
    },
  ],
  'list-style-type': [{ list: ['disc', 'decimal', 'none', isArbitraryVariable, isArbitraryValue] }],
  'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
  'text-color': [{ text: scaleColor() }],
  'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
  'underline-offset': [{ 'underline-offset': [isNumber, 'auto', isArbitraryVariable, isArbitraryValue] }],
  'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
  'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
  'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
  'vertical-align': [
    {
      align: [
        'baseline',
        'top',
        'middle',
        'bottom',
        'text-top',
        'text-bottom',
        'sub',
        'super',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
  break: [{ break: ['normal', 'words', 'all', 'keep'] }],
  wrap: [{ wrap: ['break-word', 'anywhere', 'normal'] }],
  content: [{ content: ['none', isArbitraryVariable, isArbitraryValue] }],
  'bg-clip': [{ 'bg-clip': ['border', 'padding', 'content', 'text'] }],
  'bg-color': [{ bg: scaleColor() }],
  'gradient-from': [{ from: scaleColor() }],
  'gradient-via': [{ via: scaleColor() }],
  'gradient-to': [{ to: scaleColor() }],
  rounded: [{ rounded: scaleRadius() }],
  'rounded-l': [{ 'rounded-l': scaleRadius() }],
  'border-w': [{ border: scaleBorderWidth() }],
  'border-w-t': [{ 'border-t': scaleBorderWidth() }],
  'border-w-r': [{ 'border-r': scaleBorderWidth() }],
  'border-w-b': [{ 'border-b': scaleBorderWidth() }],
  'border-w-l': [{ 'border-l': scaleBorderWidth() }],
  'divide-y': [{ 'divide-y': scaleBorderWidth() }],
  'border-style': [{ border: [...scaleLineStyle(), 'hidden', 'none'] }],
  'border-color': [{ border: scaleColor() }],
  'divide-color': [{ divide: scaleColor() }],
  'outline-style': [{ outline: [...scaleLineStyle(), 'none', 'hidden'] }],
  'outline-offset': [{ 'outline-offset': [isNumber, isArbitraryVariable, isArbitraryValue] }],
  'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
  'outline-color': [{ outline: scaleColor() }],
  shadow: [
    {
      shadow: [
        // Deprecated since Tailwind CSS v4.0.0
        '',
        // Deprecated since Tailwind CSS v4.0.0
        'inner',
        'none',
        themeShadow,
        isArbitraryVariableShadow,
        isArbitraryShadow,
      ],
    },
  ],
  'shadow-color': [{ shadow: scaleColor() }],
  'ring-w': [{ ring: scaleBorderWidth() }],
  'ring-color': [{ ring: scaleColor() }],
  opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
  filter: [
    {
      filter: [
        // Deprecated since Tailwind CSS v3.0.0
        '',
        'none',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  blur: [{ blur: scaleBlur() }],
  'backdrop-blur': [{ 'backdrop-blur': scaleBlur() }],
  'border-collapse': [{ border: ['collapse', 'separate'] }],
  'table-layout': [{ table: ['auto', 'fixed'] }],
  transition: [
    {
      transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', isArbitraryVariable, isArbitraryValue],
    },
  ],
  duration: [{ duration: [isNumber, 'initial', isArbitraryVariable, isArbitraryValue] }],
  animate: [{ animate: ['none', themeAnimate, isArbitraryVariable, isArbitraryValue] }],
  rotate: [{ rotate: scaleRotate() }],
  'translate-x': [{ 'translate-x': scaleTranslate() }],
  'translate-y': [{ 'translate-y': scaleTranslate() }],
  accent: [{ accent: scaleColor() }],
  cursor: [
    {
      cursor: [
        'auto',
        'default',
        'pointer',
        'wait',
        'text',
        'move',
        'help',
        'not-allowed',
        'none',
        'context-menu',
        'progress',
        'cell',
        'crosshair',
        'vertical-text',
        'alias',
        'copy',
        'no-drop',
        'grab',
        'grabbing',
        'all-scroll',
        'col-resize',
        'row-resize',
        'n-resize',
        'e-resize',
        's-resize',
        'w-resize',
        'ne-resize',
        'nw-resize',
        'se-resize',
        'sw-resize',
        'ew-resize',
        'ns-resize',
        'nesw-resize',
        'nwse-resize',
        'zoom-in',
        'zoom-out',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
  'scroll-mt': [{ 'scroll-mt': scaleUnambiguousSpacing() }],
  touch: [{ touch: ['auto', 'none', 'manipulation'] }],
  select: [{ select: ['none', 'text', 'all', 'auto'] }],
  fill: [{ fill: ['none', ...scaleColor()] }],
} satisfies Partial<Config<DefaultClassGroupIds, ThemeId>['classGroups']>;
type GroupId = keyof typeof classGroups;

export const cnConfig = {
  cacheSize: 500,
  theme,
  classGroups,
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['basis', 'grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mb', 'ml'],
    mx: ['ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    'line-clamp': ['display', 'overflow'],
    rounded: ['rounded-l'],
    'border-w': ['border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  },
  conflictingClassGroupModifiers: {
    'font-size': ['leading'],
  },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
} satisfies Config<GroupId, ThemeId>;
