/**
 * Image analysis (`/tool/image-analysis`): text recognised in an image (a chat screenshot, a
 * scanned complaint letter) with tesseract.js, all of it served from this site and loaded only
 * here, on demand, with its progress shown; the text can be corrected before it is analysed
 * like any transcript. Signed out too; the image never leaves the browser.
 */
import { useId, useState } from 'react';
import { getToolsClient, type ToolResult } from '../../data/index.ts';
import '../../ui/analytics.css';
import { fieldAria } from '../../ui/form-field.tsx';
import { Panel } from '../../ui/screen-parts.tsx';
import { ConversationResult } from './parts/conversation-result.tsx';
import { FileDrop } from './parts/file-drop.tsx';
import { pastedTextProblem } from './parts/input-checks.ts';
import type { OcrProgress } from './parts/ocr.ts';
import { looksLikeConversation } from './parts/text-kind.ts';
import { InputProblem, ToolIntro } from './parts/tool-intro.tsx';
import { useToolTask } from './parts/use-tool-task.ts';
import './parts/tools.css';

/** An image above this would take minutes to recognise on a phone. */
const MAX_IMAGE_BYTES = 10_000_000;

type Writer = 'conversation' | 'customer';

const analyse = (text: string) => getToolsClient().analyse({ name: 'Recognised text', text });

/** A letter or an e-mail is one message from the customer; a chat keeps its speaker lines. */
function asTranscript(text: string, writer: Writer): string {
  return writer === 'customer' ? `Customer: ${text.replace(/\s+/g, ' ').trim()}` : text;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The image could not be read from your disk.'));
    reader.readAsDataURL(file);
  });
}

export default function ImageAnalysis() {
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<OcrProgress | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [writer, setWriter] = useState<Writer>('customer');
  const [problem, setProblem] = useState<string | null>(null);
  const task = useToolTask(analyse);
  const ids = { text: useId(), writer: useId() };
  const result: ToolResult | null = task.state.status === 'done' ? task.state.value : null;
  const failure = problem ?? (result && !result.ok ? result.message : null);

  const recognise = async (file: File | undefined) => {
    if (!file) return;
    setText(null);
    task.reset();
    if (!file.type.startsWith('image/')) {
      setProblem(`${file.name}: this is not an image. Choose a PNG, JPEG, WebP or BMP file.`);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(
        `${file.name}: it is ${(file.size / 1_000_000).toFixed(1)} MB; the limit is 10 MB.`,
      );
      return;
    }
    setProblem(null);
    try {
      setPreview(await readAsDataUrl(file));
      setProgress({ stage: 'Downloading the English language data', share: 0 });
      const { recogniseText } = await import('./parts/ocr.ts');
      const recognised = await recogniseText(file, setProgress);
      setText(recognised.trim());
      // A chat screenshot keeps its speakers; a letter is one message from the customer.
      setWriter(looksLikeConversation(recognised) ? 'conversation' : 'customer');
      if (recognised.trim() === '') setProblem(`${file.name}: no text was found in the image.`);
    } catch (e) {
      setProblem(
        `${file.name}: the text could not be recognised (${e instanceof Error ? e.message : String(e)}).`,
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="an-screen">
      <ToolIntro>
        Choose a screenshot of a chat or a scanned letter: its text is recognised in your browser,
        you can correct it, and then it is analysed like a call transcript.
      </ToolIntro>
      <Panel title="Image">
        <FileDrop
          label="Choose or drop an image"
          accept="image/png,image/jpeg,image/webp,image/bmp,image/gif"
          hint="PNG, JPEG, WebP or BMP up to 10 MB. The first use downloads the English text recogniser (about 6 MB) from this site."
          onFiles={([file]) => void recognise(file)}
        />
        {progress && (
          <div className="tool-form" aria-live="polite">
            <label className="tool-label" htmlFor="ocr-progress">
              {progress.stage}…
            </label>
            <progress id="ocr-progress" max={1} value={progress.share} data-testid="ocr-progress">
              {Math.round(progress.share * 100)}%
            </progress>
          </div>
        )}
        {problem && text === null && (
          <InputProblem title="Cannot read this image.">{problem}</InputProblem>
        )}
        {preview && <img className="tool-preview" src={preview} alt="The image you chose" />}
      </Panel>
      {text !== null && (
        <Panel title="Recognised text" subtitle="Correct it if needed, then analyse it.">
          <form
            className="tool-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const p = pastedTextProblem(text);
              setProblem(p);
              if (!p) task.start(asTranscript(text, writer));
            }}
          >
            <label htmlFor={ids.text} className="tool-label">
              Text
            </label>
            <textarea
              id={ids.text}
              value={text}
              onChange={(e) => setText(e.target.value)}
              {...fieldAria(failure)}
            />
            {failure && <InputProblem title="Cannot analyse this text.">{failure}</InputProblem>}
            <div className="tool-row">
              <div className="an-field">
                <label htmlFor={ids.writer}>The text is</label>
                <select
                  id={ids.writer}
                  value={writer}
                  onChange={(e) => setWriter(e.target.value as Writer)}
                >
                  <option value="customer">From the customer (a letter, an e-mail)</option>
                  <option value="conversation">
                    A conversation with “Agent:” / “Customer:” lines
                  </option>
                </select>
              </div>
              <button type="submit" className="an-button an-button--primary">
                Analyse
              </button>
            </div>
          </form>
        </Panel>
      )}
      {result?.ok && (
        <ConversationResult
          title="Recognised text"
          formatName="Text from an image"
          conversation={result.conversation}
        />
      )}
    </div>
  );
}
