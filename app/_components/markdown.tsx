// Markdown from prompts and responses, rendered inert: react-markdown never renders raw HTML,
// and links/images with unsafe protocols (javascript:, data:) are stripped by its URL filter.
import ReactMarkdown from "react-markdown";

export function Markdown({ text }: { text: string }) {
  return (
    <div className="prose-verdict space-y-2 text-[15px] leading-relaxed [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-indigo-700 [&_a]:underline">
      <ReactMarkdown
        skipHtml
        components={{
          a: ({ href, children }) => <a href={href} target="_blank" rel="noopener noreferrer nofollow">{children}</a>,
          // Remote images would be hot-linked; only attachments served by Verdict are shown.
          img: ({ alt }) => <span className="text-slate-500">[image: {alt}]</span>,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
