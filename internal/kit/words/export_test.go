package words

import "github.com/nicksnyder/go-i18n/v2/i18n"

// ViaI18n renders key as go-i18n does, without the fast path: what
// TestFastPathIsI18n compares the fast path with.
func (c *Catalog) ViaI18n(lang, key string, n any, args ...string) (string, error) {
	loc, ok := c.loc[lang]
	if !ok {
		loc = c.loc[Source]
	}
	if !c.forms[key] {
		n = nil
	}
	data := map[string]string{}
	for i, name := range c.args[key] {
		data[name] = ""
		if i < len(args) {
			data[name] = args[i]
		}
	}
	return loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: data, PluralCount: n, TemplateParser: fillParser{}})
}
