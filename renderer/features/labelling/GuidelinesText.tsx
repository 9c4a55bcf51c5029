// Guideline text shown as headings, paragraphs and lists, all as React text (never HTML).

import { useMemo } from 'react';
import { parseGuidelines } from './guideline-blocks';

export function GuidelinesText({ text }: { text: string }) {
  const blocks = useMemo(() => parseGuidelines(text), [text]);
  return (
    <div className="guidelines-text">
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 1 ? 'h3' : 'h4';
          return <Heading key={index}>{block.text}</Heading>;
        }
        if (block.kind === 'list') {
          return (
            <ul key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex} className="prose">
                  {item}
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index} className="prose">
            {block.text}
          </p>
        );
      })}
    </div>
  );
}
