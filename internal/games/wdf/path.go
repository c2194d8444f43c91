package wdf

// stepFunc gives the cost in sixths of moving from hex h into its
// neighbour to (across the hexside in direction dir), or Prohibited.
type stepFunc func(h, dir, to int) int

// reach runs a Dijkstra search from hex start over at most budget sixths
// and returns the least cost of every hex, -1 where it is out of reach.
// Hexes for which stop reports true are reached but not left (a unit that
// must stop, 9.31). Costs are small integers, so a bucket queue keeps it
// simple and deterministic.
func reach(d *Data, start, budget int, step stepFunc, stop func(int) bool) []int {
	cost := make([]int, len(d.Hexes))
	for i := range cost {
		cost[i] = -1
	}
	if budget < 0 {
		return cost
	}
	buckets := make([][]int, budget+1)
	cost[start] = 0
	buckets[0] = append(buckets[0], start)
	for c := 0; c <= budget; c++ {
		for k := 0; k < len(buckets[c]); k++ {
			h := buckets[c][k]
			if cost[h] != c || (h != start && stop != nil && stop(h)) {
				continue
			}
			for dir, nb := range d.Hexes[h].Neighbours {
				if nb < 0 {
					continue
				}
				to := int(nb)
				sc := step(h, dir, to)
				if sc == Prohibited || c+sc > budget {
					continue
				}
				if cost[to] < 0 || c+sc < cost[to] {
					cost[to] = c + sc
					buckets[c+sc] = append(buckets[c+sc], to)
				}
			}
		}
	}
	return cost
}

// flood returns the hexes reachable from the seeds through steps that
// pass ok(h, dir, to), with the number of steps taken (-1 unreached); at
// most maxSteps steps when maxSteps >= 0.
func flood(d *Data, seeds []int, maxSteps int, ok func(h, dir, to int) bool) []int {
	dist := make([]int, len(d.Hexes))
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int, 0, len(d.Hexes))
	for _, s := range seeds {
		if dist[s] < 0 {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for head := 0; head < len(queue); head++ {
		h := queue[head]
		if maxSteps >= 0 && dist[h] >= maxSteps {
			continue
		}
		for dir, nb := range d.Hexes[h].Neighbours {
			if nb < 0 || dist[nb] >= 0 || !ok(h, dir, int(nb)) {
				continue
			}
			dist[nb] = dist[h] + 1
			queue = append(queue, int(nb))
		}
	}
	return dist
}
