package words

import (
	"fmt"
	"slices"
	"strings"
	"text/template/parse"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	i18ntemplate "github.com/nicksnyder/go-i18n/v2/i18n/template"
)

// A catalog's texts hold only placeholders ({{.name}}), so they are parsed
// by text/template's parser and executed by joining their pieces, through
// go-i18n's TemplateParser hook: the same output as text/template for
// string data, without its reflection. go-i18n caches the parsed texts.

// piece is a part of a text: literal words, or the placeholder name.
type piece struct {
	text, name string
}

// pieces parses src, with the delimiters left and right ({{ and }} when
// empty), into its literal parts and placeholders, refusing anything else
// of the template language (the only thing a translator needs, and what
// the web client can fill itself).
func pieces(src, left, right string) ([]piece, error) {
	if left == "" {
		left = "{{"
	}
	if right == "" {
		right = "}}"
	}
	tree := parse.New("text")
	tree.Mode = parse.SkipFuncCheck // a function is refused below, by name
	if _, err := tree.Parse(src, left, right, map[string]*parse.Tree{}); err != nil {
		return nil, err
	}
	var out []piece
	for _, n := range tree.Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			out = append(out, piece{text: string(n.Text)})
		case *parse.ActionNode:
			f, ok := onlyField(n)
			if !ok {
				return nil, fmt.Errorf("%q: a text may hold only placeholders like {{.name}}", n.String())
			}
			out = append(out, piece{name: f})
		default:
			return nil, fmt.Errorf("%q: a text may hold only placeholders like {{.name}}", n.String())
		}
	}
	return out, nil
}

func onlyField(a *parse.ActionNode) (string, bool) {
	if a.Pipe == nil || len(a.Pipe.Decl) > 0 || len(a.Pipe.Cmds) != 1 || len(a.Pipe.Cmds[0].Args) != 1 {
		return "", false
	}
	f, ok := a.Pipe.Cmds[0].Args[0].(*parse.FieldNode)
	if !ok || len(f.Ident) != 1 {
		return "", false
	}
	return f.Ident[0], true
}

// fillParser is the go-i18n template parser for placeholder-only texts.
type fillParser struct{}

func (fillParser) Cacheable() bool { return true }

func (fillParser) Parse(src, left, right string) (i18ntemplate.ParsedTemplate, error) {
	p, err := pieces(src, left, right)
	return filled(p), err
}

// filled is a parsed text; its data is the placeholders' values by name.
type filled []piece

func (f filled) Execute(data any) (string, error) {
	values, _ := data.(map[string]string)
	n := 0
	for _, p := range f {
		n += len(p.text) + len(values[p.name])
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range f {
		if p.name == "" {
			b.WriteString(p.text)
			continue
		}
		v, ok := values[p.name]
		if !ok {
			return "", fmt.Errorf("no value for {{.%s}}", p.name)
		}
		b.WriteString(v)
	}
	return b.String(), nil
}

// fill is a text parsed for filling from positional arguments: its
// literal parts, and for each placeholder the index of its argument.
type fill []slot

type slot struct {
	text string
	arg  int // the argument's index, or -1 for literal text
}

// newFill parses m's "other" form for the arguments names (the English
// text's placeholders, in Text's order).
func newFill(m *i18n.Message, names []string) (fill, error) {
	ps, err := pieces(m.Other, m.LeftDelim, m.RightDelim)
	if err != nil {
		return nil, err
	}
	f := make(fill, len(ps))
	for i, p := range ps {
		f[i] = slot{text: p.text, arg: -1}
		if p.name != "" {
			f[i].arg = slices.Index(names, p.name)
			if f[i].arg < 0 {
				return nil, fmt.Errorf("{{.%s}} is not a placeholder of the English text", p.name)
			}
		}
	}
	return f, nil
}

// with fills f from args; a missing argument is empty.
func (f fill) with(args []string) string {
	if len(f) == 1 && f[0].arg < 0 {
		return f[0].text
	}
	n := 0
	for _, s := range f {
		n += len(s.text)
		if s.arg >= 0 && s.arg < len(args) {
			n += len(args[s.arg])
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range f {
		if s.arg < 0 {
			b.WriteString(s.text)
		} else if s.arg < len(args) {
			b.WriteString(args[s.arg])
		}
	}
	return b.String()
}
