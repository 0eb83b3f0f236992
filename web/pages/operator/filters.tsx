/**
 * The filters above an operator listing: as typed and as applied, their form, and their fields
 * (text, date, choice).
 */
import type { ComponentChildren, InputHTMLAttributes } from "preact";
import { useState } from "preact/hooks";
import { Field, inputValue } from "../../ui/field.js";

/** A listing's filters: as typed, and as applied (trimmed) when the form is sent. */
export interface Filters<F extends Record<string, string>> {
  typed: F;
  applied: F;
  /** Any filter applied. */
  filtered: boolean;
  /** The applied filters for the query string: empty ones left out. */
  query: Record<string, string | undefined>;
  input(name: keyof F): (event: Event) => void;
  apply(): void;
  clear(): void;
}

/** `initial`: the filters a link asked for, applied from the start ("clear" empties them). */
export function useFilters<F extends Record<string, string>>(none: F, initial = none): Filters<F> {
  const [typed, setTyped] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const entries = Object.entries(applied);
  return {
    typed,
    applied,
    filtered: entries.some(([, value]) => value !== ""),
    query: Object.fromEntries(entries.map(([name, value]) => [name, value || undefined])),
    input: (name) => (event) => setTyped({ ...typed, [name]: inputValue(event) }),
    apply: () =>
      setApplied(
        Object.fromEntries(Object.entries(typed).map(([name, value]) => [name, value.trim()])) as F,
      ),
    clear: () => {
      setTyped(none);
      setApplied(none);
    },
  };
}

/** The filters' form: their fields, a submit button, and a reset once any filter is applied. */
export function FilterForm<F extends Record<string, string>>(props: {
  label: string;
  filters: Filters<F>;
  submit: string;
  clear: string;
  children: ComponentChildren;
}) {
  return (
    <form
      class="row op-filters"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        props.filters.apply();
      }}
    >
      {props.children}
      <button type="submit">{props.submit}</button>
      {props.filters.filtered ? (
        <button type="button" class="secondary" onClick={props.filters.clear}>
          {props.clear}
        </button>
      ) : null}
    </form>
  );
}

/** A filter's field, named by its `id`, `label` and the filter it sets. */
interface FilterFieldProps<F extends Record<string, string>> {
  id: string;
  label: string;
  filters: Filters<F>;
  name: keyof F & string;
}

/** A filter typed in an input; `input` says what is typed there (its type first). */
export function InputFilter<F extends Record<string, string>>(
  props: FilterFieldProps<F> & { input: InputHTMLAttributes },
) {
  return (
    <Field id={props.id} label={props.label}>
      <input
        id={props.id}
        {...props.input}
        value={props.filters.typed[props.name]}
        onInput={props.filters.input(props.name)}
      />
    </Field>
  );
}

/** A free-text filter (a pass, an action…): no autocomplete, no spelling check. */
export function TextFilter<F extends Record<string, string>>(
  props: FilterFieldProps<F> & { placeholder: string },
) {
  const { placeholder, ...field } = props;
  return (
    <InputFilter
      {...field}
      input={{ type: "text", autocomplete: "off", spellcheck: false, placeholder }}
    />
  );
}

/** A date and time filter, typed in UTC to the minute (`fromUtcInput`). */
export function DateFilter<F extends Record<string, string>>(props: FilterFieldProps<F>) {
  return <InputFilter {...props} input={{ type: "datetime-local" }} />;
}

/** A choice among a filter's values; the first option (`any`, the empty value) filters nothing. */
export function SelectFilter<F extends Record<string, string>>(
  props: FilterFieldProps<F> & {
    any: string;
    options: { value: string; label: ComponentChildren }[];
  },
) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        value={props.filters.typed[props.name]}
        onChange={props.filters.input(props.name)}
      >
        <option value="">{props.any}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
