// The press floor: a plain grid of Home's size (or a list as long as the chart), where a key press moves one class
// from one element to the next and the browser's own scrollIntoView keeps it in view. No framework, no navigation
// library: what any page must at least pay for a press (input, one restyle, paint) on this browser and machine.
(() => {
  const params = new URLSearchParams(location.search);
  const shape = (params.get('shape') ?? '').split(',').map(Number).filter((n) => n > 0);
  const listLength = Number(params.get('list') ?? 0);
  const screen = document.createElement('main');
  screen.className = 'screen';
  screen.innerHTML = '<div class="header">Floor</div>';
  const grid = [];
  const colour = (r, c) => `hsl(${(r * 47 + c * 23) % 360} 45% 35%)`;
  if (listLength > 0) {
    const list = document.createElement('div');
    list.className = 'track-list';
    const column = [];
    for (let i = 0; i < listLength; i++) {
      const row = document.createElement('div');
      row.className = 'track';
      row.dataset.focusKey = `track:${i}`;
      row.innerHTML = `<span class="track-n">${i + 1}</span><span>Track ${i + 1}</span><span>Artist</span><span>Album</span>`;
      list.append(row);
      column.push(row);
    }
    for (const row of column) grid.push([row]);
    screen.append(list);
  } else {
    const rows = document.createElement('div');
    rows.className = 'rows';
    shape.forEach((count, r) => {
      const section = document.createElement('section');
      section.className = 'row';
      section.innerHTML = `<h2 class="row-title">Row ${r + 1}</h2>`;
      const track = document.createElement('div');
      track.className = 'row-track';
      const tiles = [];
      for (let c = 0; c < count; c++) {
        const tile = document.createElement('div');
        tile.className = 'tile';
        tile.dataset.focusKey = `tile:${r}:${c}`;
        tile.innerHTML = `<div class="art" style="background:${colour(r, c)}"></div><div class="tile-title">Tile ${c + 1}</div>`;
        track.append(tile);
        tiles.push(tile);
      }
      section.append(track);
      rows.append(section);
      grid.push(tiles);
    });
    screen.append(rows);
  }
  document.body.append(screen);

  let row = 0;
  let column = 0;
  const at = () => grid[row]?.[column];
  at()?.classList.add('is-focused');
  const vertical = listLength > 0;
  window.addEventListener('keydown', (event) => {
    const before = at();
    if (event.key === 'ArrowDown') row = Math.min(grid.length - 1, row + 1);
    else if (event.key === 'ArrowUp') row = Math.max(0, row - 1);
    else if (!vertical && event.key === 'ArrowRight') column += 1;
    else if (!vertical && event.key === 'ArrowLeft') column -= 1;
    else return;
    event.preventDefault();
    column = Math.max(0, Math.min((grid[row]?.length ?? 1) - 1, column));
    const now = at();
    if (now === before || now === undefined) return;
    before?.classList.remove('is-focused');
    now.classList.add('is-focused');
    now.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
})();
