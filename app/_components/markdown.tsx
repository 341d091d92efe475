// The one renderer for prompts, model responses and guidelines, wherever a grader or a researcher
// reads them: CommonMark with GitHub's tables, strikethrough, task lists and autolinks; fenced code
// with syntax highlighting; TeX math, inline ($…$) and display ($$…$$, also on one line). Raw HTML is shown as the
// literal text it is (app/_lib/remark-html-as-text.ts): never run, never dropped. Links and images
// with unsafe protocols (javascript:, data:) are stripped by react-markdown's URL filter; links open
// in a new tab without referrer; remote images are never loaded.
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import ReactMarkdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeKatex from "rehype-katex";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import { remarkDisplayMathLine } from "../_lib/remark-display-math-line";
import { remarkHtmlAsText } from "../_lib/remark-html-as-text";

const STYLES = [
  "prose-verdict space-y-2 text-[15px] leading-relaxed break-words",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-50 [&_pre]:p-3 [&_pre_code]:!bg-transparent [&_pre_code]:!p-0",
  "[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li.task-list-item]:list-none [&_a]:text-indigo-700 [&_a]:underline",
  "[&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_.katex-display]:overflow-x-auto",
].join(" ");

export function Markdown({ text }: { text: string }) {
  return (
    <div className={STYLES} data-rendered="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath, remarkDisplayMathLine, remarkHtmlAsText]}
        // KaTeX stays in its safe mode (no \href, \url or \htmlData); code is highlighted only
        // when its language is named, so prose in a bare fence is not coloured at random.
        rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: "ignore" }], [rehypeHighlight, { detect: false }]]}
        components={{
          a: ({ href, children }) => <a href={href} target="_blank" rel="noopener noreferrer nofollow">{children}</a>,
          // Remote images would be hot-linked; only attachments served by Verdict are shown.
          img: ({ alt }) => <span className="text-slate-500">[🖼 {alt}]</span>,
          // Each block takes the direction of its own text (Arabic in a Japanese page, English in an
          // Arabic one), whatever the page's direction.
          p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
          li: ({ node: _node, ...props }) => <li dir="auto" {...props} />,
          h1: ({ node: _node, ...props }) => <h1 dir="auto" {...props} />,
          h2: ({ node: _node, ...props }) => <h2 dir="auto" {...props} />,
          h3: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
          blockquote: ({ node: _node, ...props }) => <blockquote dir="auto" {...props} />,
          td: ({ node: _node, ...props }) => <td dir="auto" {...props} />,
          th: ({ node: _node, ...props }) => <th dir="auto" {...props} />,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
