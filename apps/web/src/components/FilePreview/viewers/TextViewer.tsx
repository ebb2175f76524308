import { decodeText } from '../rules';
import { Status } from './Status';
import { useFileBytes } from './useFileBytes';

/** A text file: UTF-8, or GB18030 when it is not valid UTF-8. */
export default function TextViewer({ url }: { url: string }) {
  const state = useFileBytes(url, (bytes) => decodeText(bytes));
  return (
    <Status state={state}>
      {({ text, encoding }) => (
        <div data-testid="text-viewer" data-encoding={encoding}>
          <pre
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              margin: 0,
              padding: 12,
              background: '#fafafa',
              border: '1px solid #f0f0f0',
              fontFamily: "'Noto Sans Mono CJK SC', Consolas, monospace",
            }}
          >
            {text}
          </pre>
        </div>
      )}
    </Status>
  );
}
