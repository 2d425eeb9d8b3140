/** Number formatting in the host's locale (hostContext.locale), else the browser's. */
export interface Formatter {
  number(value: number): string;
  percent(fraction: number): string;
}

export function formatter(locale: string | undefined): Formatter {
  let numbers: Intl.NumberFormat;
  let percents: Intl.NumberFormat;
  try {
    numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  } catch {
    // A malformed locale tag from a host must not stop the view.
    numbers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    percents = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
  }
  return { number: (value) => numbers.format(value), percent: (fraction) => percents.format(fraction) };
}
