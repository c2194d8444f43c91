package primogenita

import (
	"fmt"

	"sandtable/internal/engine"
	"sandtable/internal/kit/flat"
)

// Unmarshal restores the state whose Marshal gave data (engine.Restorer):
// the core, the whole of what changes (flat), over the data New gives.
// Bytes that are not a core in its canonical form, break an invariant, or
// whose legal actions or views cannot be listed are refused.
func (Game) Unmarshal(setup engine.Setup, data []byte) (engine.State, error) {
	st, err := Game{}.New(setup)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	s.Log = engine.Log{}
	if err := flat.Unmarshal(data, &s.core); err != nil {
		return nil, fmt.Errorf("primogenita: state: %w", err)
	}
	if err := s.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("primogenita: state: %w", err)
	}
	if err := engine.TryRestored(Game{}, s); err != nil {
		return nil, fmt.Errorf("primogenita: state: %w", err)
	}
	return s, nil
}
