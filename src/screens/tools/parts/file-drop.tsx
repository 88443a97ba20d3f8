/** A drop zone with a real file input behind it (keyboard and screen readers use the input). */
import { useId, useState, type ReactNode } from 'react';

export function FileDrop(props: {
  label: string;
  accept: string;
  multiple?: boolean;
  hint: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const hint = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      className="tool-drop"
      data-over={over}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        props.onFiles([...e.dataTransfer.files]);
      }}
    >
      <label htmlFor={id} className="tool-label">
        {props.label}
      </label>
      <input
        id={id}
        type="file"
        accept={props.accept}
        multiple={props.multiple}
        aria-describedby={hint}
        onChange={(e) => {
          props.onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <p id={hint} className="tool-hint">
        {props.hint}
      </p>
    </div>
  );
}
