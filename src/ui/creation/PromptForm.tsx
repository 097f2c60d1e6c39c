// The prompt box every creation page starts from: a labelled textarea, a submit button that shows progress,
// and the error under it.
interface PromptFormProps {
  label: string;
  placeholder: string;
  value: string;
  rows: number;
  maxLength: number;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  error: string | null | undefined;
  onChange: (prompt: string) => void;
  onSubmit: () => void;
}

export function PromptForm(props: PromptFormProps) {
  return (
    <>
      <form
        className="creation-form"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <label>
          <span>{props.label}</span>
          <textarea
            value={props.value}
            rows={props.rows}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            onChange={(e) => props.onChange(e.target.value)}
          />
        </label>
        <button type="submit" disabled={props.busy || !props.value.trim()}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
      </form>
      {props.error && (
        <p className="creation-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
